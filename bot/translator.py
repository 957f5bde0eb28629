"""German names and descriptions of the slash commands, shown to German clients."""

from __future__ import annotations

import discord
from discord import app_commands

import engines

GERMAN = {
    "game": "spiel",
    "Play board games in this channel": "Brettspiele in diesem Kanal spielen",
    "new": "neu",
    "Open a lobby for a new match": "Eine Lobby für eine neue Partie öffnen",
    "Which game": "Welches Spiel",
    "here": "hier",
    "Play in this channel instead of a new thread": "In diesem Kanal statt in einem neuen Thread spielen",
    "join": "beitreten",
    "Join the lobby here": "Der Lobby hier beitreten",
    "leave": "verlassen",
    "Leave the lobby here": "Die Lobby hier verlassen",
    "start": "starten",
    "Start the match (host)": "Die Partie starten (Gastgeber)",
    "board": "brett",
    "Post the current board again": "Das aktuelle Brett neu posten",
    "hand": "hand",
    "Show what only you may see": "Zeigen, was nur du sehen darfst",
    "resign": "aufgeben",
    "Give up the match": "Die Partie aufgeben",
    "cancel": "abbrechen",
    "Cancel the match (host in the lobby, else everyone)": "Die Partie abbrechen (Lobby: Gastgeber, sonst alle)",
    "log": "verlauf",
    "The last moves": "Die letzten Züge",
    "rules": "regeln",
    "The rules of this match's game or another": "Die Regeln dieses oder eines anderen Spiels",
    "help": "hilfe",
    "How Brettbote works": "So funktioniert Brettbote",
    "language": "sprache",
    "The language Brettbote uses with you": "Die Sprache, die Brettbote mit dir spricht",
    "Your language": "Deine Sprache",
    "reminder": "erinnerung",
    "Remind a player after this many hours (default 24)": "Nach so vielen Stunden erinnern (Standard 24)",
    "deadline": "frist",
    "Hours a player has for a decision (default: no deadline)": "Stunden für eine Entscheidung (Standard: keine Frist)",
    "policy": "bei_fristablauf",
    "What happens when a deadline passes": "Was passiert, wenn eine Frist abläuft",
    "skip: the default choice is made": "überspringen: die Standardwahl wird getroffen",
    "forfeit: the late player loses": "verlieren: wer zu spät ist, verliert",
    "pause the match": "die Partie ruht",
    "DM on every turn": "DM bei jedem Zug",
    "reminders only": "nur Erinnerungen",
    "off": "aus",
    "pause": "pause",
    "Ask to pause the match (everyone must agree)": "Pause beantragen (alle müssen zustimmen)",
    "resume": "weiter",
    "Continue a paused match": "Eine ruhende Partie fortsetzen",
    "away": "abwesend",
    "Stop your deadlines for some days (once per match)": "Deine Fristen für einige Tage anhalten (einmal pro Partie)",
    "days": "tage",
    "How many days (1-14)": "Wie viele Tage (1-14)",
    "undo": "zurück",
    "Ask to take back your last move": "Bitten, den letzten eigenen Zug zurückzunehmen",
    "notify": "benachrichtigung",
    "How Brettbote tells you it is your turn": "Wie Brettbote dir sagt, dass du dran bist",
    "mode": "art",
    "When to send you a DM": "Wann du eine DM bekommst",
    "players": "spieler",
    "How many players (default: solo where possible, else a full table)": "Wie viele Spieler (Standard: solo wo möglich, sonst voller Tisch)",
    "hierarchy": "hierarchie",
    "Hoch und höher: the hierarchy variant": "Hoch und höher: die Variante Hierarchie",
    "daily": "tagesaufgabe",
    "Hoch und höher: today's solo challenge, the same dice for the whole server": "Hoch und höher: die Solo-Tagesaufgabe, gleiche Würfe für den ganzen Server",
    "quick_setup": "schnellaufbau",
    "Halleluja: tile and towers placed at random": "Halleluja: Plättchen und Türme zufällig aufgestellt",
    "max_rounds": "max_runden",
    "Halleluja: end after this many rounds": "Halleluja: nach so vielen Runden enden",
    "scores": "bestenliste",
    "Today's and the best results of the daily challenge": "Heutige und beste Ergebnisse der Tagesaufgabe",
    "mine": "meine",
    "Your open matches in all servers": "Deine offenen Partien auf allen Servern",
}


class Translator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context) -> str | None:
        if locale is not discord.Locale.german:
            return None
        key = string.extras.get("key")
        if key and key.startswith("game."):
            engine = engines.get(key[5:])
            return engine.titles["de"]
        if key and key.startswith("lang."):
            return None
        if key and key.startswith(("policy.", "notify.")):
            return GERMAN.get(string.message)
        return GERMAN.get(string.message)
