"""A five-minute rules summary of Himmel und Hölle, as pages of Markdown, for
``/game rules`` and the terminal. It follows the rulebook as settled by
RULINGS.md and the engine's own decisions (see ``rules``)."""

RULES_HELP: dict[str, list[str]] = {
    "de": [
        """**Himmel und Hölle – Ziel**
Zwei Feldherren, je 5 Würfel (Hölle ▲ eckig, Himmel ● rund). Bringe drei möglichst hohe Würfel ins **Zielfeld** – das Reich des Gegners. Wer dort die höhere Augensumme hat, gewinnt; Gleichstand ist ein Patt.
**Brett:** Spielbereich 10×3 (Felder A1–C10). Die Hölle startet links (Startfeld neben Spalte 1) und zieht nach rechts ins Zielfeld neben Spalte 10; der Himmel umgekehrt.
**Aufbau:** alle Würfel auf 3, je 4 im Startfeld, der fünfte auf B1 (Hölle) bzw. B10 (Himmel). Die Hölle beginnt.""",
        """**Dein Zug**
1. **Aktionspunkte (AP)** = deine Würfel im Spielbereich zu Zugbeginn. Hast du keinen: Spielende (Zugunfähigkeit).
2. Für je 1 AP: einen Würfel aus dem Startfeld auf ein Feld der ersten Spalte setzen (zeigt 3, nicht auf einen eigenen Würfel) · einen Würfel aus der ersten Spalte ins Startfeld zurückholen (wird 3) · einen Würfel 1 Feld waagrecht/senkrecht ziehen · einen Würfel um 1 hochdrehen (max. 6) · einen Würfel aus der letzten Spalte ins Zielfeld bringen (dort ist er tabu).
**Gratis:** eigene Würfel beliebig herunterdrehen (nie unter 1); für jeden Schritt darf der Würfel sofort 1 Feld ziehen.
Eigene Würfel dürfen weder betreten noch übersprungen werden. Wer auf einen gegnerischen Würfel zieht, bleibt stehen: **Konflikt**.
3. Zug beenden, wann du willst; übrige AP verfallen.""",
        """**Konflikt**
Während eines Konflikts gibt es keine AP und kein Herunterdrehen. **Angreifer** ist, wer den Konflikt verursacht hat (in Folgerunden: der Sieger der letzten Runde).
Beide wählen **geheim** eine Handkarte (0–12). **Erlaubt** ist eine Karte, wenn Würfel + Karte ≤ 13 (ein 5er erlaubt 0–8). Eine unerlaubte Karte zählt 0 und ist trotzdem weg.
**Konfliktwert** = Würfel + Karte. Höherer Wert gewinnt; bei Gleichstand die höhere (zählende) Karte; sonst der Verteidiger.
Beispiel: Hölle 5er + Karte 8 = 13, Himmel 1er + Karte 12 = 13 → Himmel gewinnt mit der höheren Karte.""",
        """**Nach jeder Konfliktrunde**
**Verlierer:** Würfel −1; stand er auf 1, geht er ins Startfeld zurück (Konflikt vorbei).
**Sieger:** Würfel +1; stand er schon auf 6, wird ein anderer eigener Würfel im Spielbereich hochgedreht (sonst verfällt der Zuwachs).
**Bonus-AP:** Der Sieger muss ihn sofort einsetzen oder verfallen lassen – für jede erlaubte AP-Aktion mit **einem beliebigen Würfel, auch des Gegners** (einsetzen, zurückholen, 1 Feld ziehen, hochdrehen, ins Zielfeld). Es darf nie einen zweiten Konflikt geben.
**Karten:** gespielte Karten sind aus dem Spiel, nur die 0 kommt zurück auf die Hand.
Stehen noch beide Würfel auf dem Feld, folgt die nächste Runde.""",
        """**Spielende und Wertung**
Das Spiel endet sofort, wenn ein Würfel als dritter ins Zielfeld kommt – oder wenn eine Seite ihren Zug ohne Würfel im Spielbereich beginnt. Dann füllt die andere Seite ihr Zielfeld mit 6ern auf drei Würfel auf.
Jede Seite zählt die Augen in ihrem Zielfeld; höhere Summe gewinnt, Gleichstand ist ein Patt. Tipp: Revanche mit getauschten Seiten.""",
    ],
    "en": [
        """**Heaven and Hell – goal**
Two commanders, 5 dice each (Hell ▲ angular, Heaven ● round). Bring three dice, as high as possible, into your **goal field** – the enemy's realm. The higher sum of pips there wins; equal sums are a draw.
**Board:** a 10×3 play area (fields A1–C10). Hell starts on the left (start field next to column 1) and heads right to its goal field next to column 10; Heaven the other way round.
**Setup:** all dice show 3, 4 in each start field, the fifth on B1 (Hell) or B10 (Heaven). Hell begins.""",
        """**Your turn**
1. **Action points (AP)** = your dice in the play area at the start of your turn. None: the game ends (you cannot move).
2. For 1 AP each: enter a die from the start field onto a field of your first column (it shows 3, not onto your own die) · return a die from your first column to the start field (it becomes 3) · move a die 1 field orthogonally · raise a die by 1 (max 6) · bring a die from your last column into the goal field (it is untouchable there).
**Free:** lower your own dice as far as you like (never below 1); each step lowered may move that die 1 field at once.
Never enter or jump over your own dice. A die that moves onto an enemy die stops: **conflict**.
3. End your turn whenever you like; unspent AP are lost.""",
        """**Conflict**
During a conflict there are no AP and no lowering. The **attacker** is whoever caused the conflict (in later rounds: the winner of the last round).
Both choose a card from their hand **in secret** (0–12). A card is **allowed** if die + card ≤ 13 (a 5 allows 0–8). A card that is not allowed counts 0 and is still used up.
**Conflict value** = die + card. The higher value wins; on a tie the higher (counted) card; otherwise the defender.
Example: Hell die 5 + card 8 = 13, Heaven die 1 + card 12 = 13 → Heaven wins with the higher card.""",
        """**After each conflict round**
**Loser:** die −1; if it showed 1, it goes back to its start field (the conflict ends).
**Winner:** die +1; if it already showed 6, another own die in the play area is raised instead (else the gain is lost).
**Bonus AP:** the winner must use it at once or lose it – for any AP action with **any die, the enemy's too** (enter, return, move 1, raise, into the goal field). There may never be a second conflict.
**Cards:** played cards leave the game; only the 0 returns to the hand.
If both dice are still on the field, the next round follows.""",
        """**End and scoring**
The game ends at once when a side brings its third die into its goal field – or when a side starts its turn with no die in the play area. Then the other side fills its goal field up to three dice showing 6.
Each side adds up the pips in its goal field; the higher sum wins, equal sums are a draw. Tip: play a rematch with sides swapped.""",
    ],
}
