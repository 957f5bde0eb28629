"""A five-minute rules summary of Hoch und höher, as pages of Markdown, for
``/game rules`` and the terminal. It follows the rulebook as settled by
RULINGS.md and the engine's own decisions (see ``rules`` and ``scoring``)."""

RULES_HELP: dict[str, list[str]] = {
    "de": [
        """**Hoch und höher – Ziel**
Ein Würfelspiel für 1–2 Spieler. Deine Pöppel sollen am Ende auf möglichst hohen Türmen stehen – setze sie nicht zu früh und nicht zu spät.
**Material:** 45 Spielsteine, 4 Pöppel (Blau ●, Braun ■, Gelb ▲, Grün ◆), 1 Würfel.
**Aufbau:** 14 Türme: je zwei aus 6, 5, 4 und 3 Steinen, je drei aus 2 und 1 Stein. Hier stehen sie nummeriert von links nach rechts: Höhen 6 5 4 3 2 1 2 1 2 1 3 4 5 6 (Türme 1–14).
**Zu zweit:** Team B (Blau, Braun) gegen Team G (Gelb, Grün). Es wird ausgewürfelt, wer beginnt (Gleichstand: neu würfeln), dann seid ihr abwechselnd am Zug.
**Solo:** du spielst alle vier Pöppel. Höchstens 45 Punkte sind möglich.
**Tagesaufgabe** (`daily`): ein Solospiel mit denselben Würfen für den ganzen Server an diesem Tag, einmal pro Tag und Person; `/spiel bestenliste` zeigt die Ergebnisse.""",
        """**Dein Zug**
Der Bot würfelt für dich, sobald dein Zug beginnt; alle sehen den Wurf. Dann **musst** du genau einen Zug für genau diese Zahl machen:
1. **Pöppel setzen:** einen eigenen, noch nicht gesetzten Pöppel auf einen Turm dieser Höhe ohne Pöppel.
2. **Turm ohne Pöppel versetzen:** einen Turm dieser Höhe auf einen beliebigen anderen Turm ohne Pöppel.
3. **Turm mit Pöppel versetzen:** einen Turm dieser Höhe mit Pöppel (auch einem fremden) auf einen beliebigen anderen Turm ohne Pöppel. Der Pöppel fährt oben mit.
**Beachte:** Türme über 6 werden nie mehr versetzt, aber kleinere dürfen auf sie gesetzt werden. Auf jedem Turm steht höchstens ein Pöppel. Ein Pöppel wird einmal gesetzt und nie allein umgesetzt. Fremde Pöppel darfst du nicht setzen.
**Nummern:** Wird ein Turm auf einen anderen gesetzt, verschwindet seine Nummer; der untere Turm behält Nummer und Platz.
**Spielende:** Erlaubt der Wurf keinen Zug, endet das Spiel sofort.""",
        """**Wertung**
Jeder Pöppel zählt die Höhe seines Turms; ein nicht gesetzter Pöppel zählt 0.
**Zu zweit:** Jedes Team addiert seine zwei Pöppel; die höhere Summe gewinnt. Gleichstand: Es gewinnt das Team mit dem Pöppel, der die meisten Punkte hat. Ist auch das gleich: unentschieden.
**Solo:** Summe aller vier Pöppel, höchstens 45.
**Variante Hierarchie (Option), zu zweit:** Steht Braun am Ende höher als Blau, zählt für Team B nur Blau; steht Grün höher als Gelb, zählt für Team G nur Gelb. Beim Gleichstand zählt dann der beste *wertende* Pöppel.
**Variante Hierarchie, solo:** Reihenfolge Blau – Braun – Gelb – Grün. Ein Pöppel, der höher steht als irgendein Pöppel vor ihm in dieser Reihe, bekommt 0 Punkte (ein ungesetzter Pöppel steht auf Höhe 0).
**Beispiel:** Blau 14, Braun 3, Gelb 8, Grün 5 ergibt 30 Punkte, mit Hierarchie nur 14 + 3 = 17 (Gelb und Grün stehen höher als Braun).""",
    ],
    "en": [
        """**High and Higher (Hoch und höher) – goal**
A dice game for 1–2 players. Your pawns should end on towers as high as possible – place them neither too early nor too late.
**Pieces:** 45 stones, 4 pawns (blue ●, brown ■, yellow ▲, green ◆), 1 die.
**Setup:** 14 towers: two each of 6, 5, 4 and 3 stones, three each of 2 and 1 stone. Here they stand numbered left to right: heights 6 5 4 3 2 1 2 1 2 1 3 4 5 6 (towers 1–14).
**Two players:** Team B (blue, brown) against Team G (yellow, green). A die-off decides who begins (ties are rolled again), then you take turns.
**Solo:** you play all four pawns. At most 45 points are possible.
**Daily challenge** (`daily`): a solo game with the same rolls for the whole server that day, once a day per person; `/game scores` shows the results.""",
        """**Your turn**
The bot rolls for you as your turn begins; everyone sees the roll. Then you **must** make exactly one move for exactly that number:
1. **Place a pawn:** one of your own unplaced pawns onto a tower of that height without a pawn.
2. **Move a tower without a pawn:** a tower of that height onto any other tower without a pawn.
3. **Move a tower with a pawn:** a tower of that height carrying a pawn (anyone's) onto any other tower without a pawn. The pawn rides on top.
**Note:** towers above 6 can never be moved again, but smaller ones may be put onto them. At most one pawn per tower. A pawn is placed once and never moved on its own. You may not place the other team's pawns.
**Numbers:** when a tower is put onto another, its number disappears; the tower below keeps its number and place.
**End:** if the roll allows no move, the game ends at once.""",
        """**Scoring**
Each pawn scores the height of its tower; an unplaced pawn scores 0.
**Two players:** each team adds up its two pawns; the higher sum wins. A tie: the team owning the pawn with the most points wins. Still equal: a draw.
**Solo:** the sum of all four pawns, at most 45.
**Hierarchy variant (option), two players:** if brown ends higher than blue, only blue scores for Team B; if green ends higher than yellow, only yellow scores for Team G. In a tie the best *scoring* pawn counts.
**Hierarchy variant, solo:** the order is blue – brown – yellow – green. A pawn standing higher than any pawn before it in that order scores 0 (an unplaced pawn stands at height 0).
**Example:** blue 14, brown 3, yellow 8, green 5 gives 30 points; with the hierarchy only 14 + 3 = 17 (yellow and green stand higher than brown).""",
    ],
}
