"""A rules summary of Hektor und Achill for a new player, as pages of
Markdown, for ``/game rules`` and the terminal. It follows the rulebook as
settled by RULINGS.md; points taken from the reconstructed component data
(hektor-data.md) are marked (R), the engine's own decisions (see ``rules``)
are marked (E)."""

RULES_HELP: dict[str, list[str]] = {
    "de": [
        """**Hektor und Achill – Ziel**
Griechen gegen Trojaner, Kampf um Kampf. Du verlierst, wenn alle drei vorderen Armeestapel oder dein benutzter Heimatstapel **geleert** sind (weniger als 5 Karten). Trifft es beide zugleich: unentschieden.
**Material je Seite:** 48 Armeekarten (6 Farben – rot ●, grün ▲, blau ■, gelb ★, lila ◆, braun ✚ – mit Werten 1–4, je zweimal), 6 Helden (einer je Farbe, Werte 3–6), 3 Gunst-Steine. Dazu 6 Schicksals-Plättchen mit je 4 Farben und bis zu 3 Schande-Steine je Seite.
**Aufbau:** Jede Seite mischt ihre Armee in 3 vordere Stapel (1, 2, 3 – gleiche Nummern liegen sich gegenüber) und 1 Heimatstapel zu je 12 Karten, die Helden in einen verdeckten Heldenstapel. Die Griechen greifen zuerst an.
**Geheim:** deine Hand (Armeekarten und Held) und die Reihenfolge aller Stapel. **Offen:** ausgespielte Karten, Steine, Stapelgrößen, das Schicksal, Schande, abgeworfene Karten.""",
        """**Eröffnung eines Kampfes**
1. Der Angreifer deckt die oberste Karte eines seiner 4 Stapel auf: die **Vorhut**. Ihr Wert 1, 2 oder 3 bestimmt die Stapelnummer, mit der beide Seiten kämpfen; bei einer 4 wählt er die Nummer. Ist der Stapel einer Seite geleert, nimmt sie ihren Heimatstapel.
2. Er deckt das oberste Schicksals-Plättchen auf und legt es so, dass eine Farbe zu ihm und die gegenüberliegende zum Gegner zeigt. (E) Du wählst dazu die Farbe, die zu dir zeigt.
3. Der Verteidiger deckt die oberste Karte seines Kampfstapels als Vorhut auf.
4. Beide ziehen 4 Armeekarten vom Kampfstapel und den obersten Helden (ist der Heldenstapel leer, kämpfst du ohne Held: dann zählt nur deine Schicksalsfarbe).""",
        """**Einzelzüge**
Abwechselnd, Angreifer zuerst, je 4 Einzelzüge: höchstens **eine Aktion**, dann **eine Armeekarte ausspielen** (Pflicht).
• **Abwerfen & nachziehen:** eine Handkarte ist aus dem Spiel, du ziehst vom Kampfstapel (leer: vom Heimatstapel). (E) Nur wenn es noch etwas zu ziehen gibt.
• **Held wechseln:** Held unter den Heldenstapel, obersten ziehen. (E) Nur wenn der Heldenstapel nicht leer ist.
• **Held einsetzen:** auf eine deiner ausliegenden Karten (auch die Vorhut). Es zählen Wert und Farbe des Helden, nicht mehr die der Karte darunter.
• **Aufwerten:** erst nach dem Einsetzen: ein Gunst-Stein vom Brett auf eine ausliegende Armeekarte (nicht den Helden), +1, höchstens einer je Karte.
• **Rückzug:** der Kampf endet sofort, der Gegner gewinnt ihn.
(E) Gleiche Karten sind eine einzige Wahl.""",
        """**Schicksal und Siegbestimmung**
Nach jedem Paar von Einzelzügen: **Überlegenheit** = Summe aller deiner ausgespielten Werte (Held statt Karte darunter, Gunst +1, Farben egal). Die stärkere Seite darf das Plättchen um 90° in eine Richtung drehen oder liegen lassen – sie wird gefragt, auch wenn sie nicht am Zug war. Gleichstand: nicht drehen.
Nach dem 4. Paar zeigen beide ihren Helden auf der Hand. Es zählen nur Karten deiner **zwei Farben**: die Schicksalsfarbe vor dir und die Farbe deines Helden (eingesetzt oder nur gezeigt), samt Gunst-Steinen auf ihnen; ein eingesetzter Held zählt seinen Wert. Höhere Summe gewinnt, gleich: unentschiedener Kampf.
*Beispiel:* Thomas hat gelb vor sich, Aias (grün 5) auf der Hand, gespielt gelb 3, 4, 2, rot 1, blau 2 → **9**. Lin hat blau, Acamas (lila 4) liegt auf blau 1; gespielt lila 3 +1, grün 1, rot 4 +1, blau 3 → 4 + 4 + 3 = **11**. Lin gewinnt.""",
        """**Nach dem Kampf**
**Sieger:** ausgespielte Karten (mit Vorhut) zurück auf den Kampfstapel, Held auf den Heldenstapel, Gunst-Steine aufs Brett.
**Verlierer:** ausgespielte Armeekarten und Gunst-Steine sind aus dem Spiel; ein eingesetzter Held auch – außer du gibst stattdessen einen Gunst-Stein vom Brett ab ((E) du wirst gefragt, wenn du einen hast). Nur gezeigte Helden kehren zurück.
**Unentschieden:** alles kehrt zurück; der Verteidiger greift als Nächstes an.
**Rückzug:** wie verloren, aber Handkarten gehen auf den Kampfstapel zurück; danach verlierst du je Schande-Stein, den du schon hast, eine Karte vom Kampfstapel (zu wenig: vom Heimatstapel) und nimmst einen Schande-Stein (höchstens 3). (E) Die Handkarten werden vorher in den Stapel gemischt.
**Schluss-Phase:** Ein benutzter vorderer Stapel mit weniger als 5 Karten ist geleert: der Rest kommt auf den Heimatstapel (gemischt). Dann: alle 3 vorne geleert oder benutzter Heimatstapel unter 5 → verloren. Sonst werden benutzte Stapel und Heldenstapel gemischt, das Plättchen abgelegt (alle weg: alle 6 neu mischen). Der Sieger greift an.""",
        """**Rekonstruiert (R) und entschieden (E)**
(R) Die Regel druckt Helden und Plättchen nur als Bild. Griechen: Achilleus rot 6, Aias grün 5, Diomedes lila 5, Agamemnon blau 4, Odisseus gelb 4, Menelaos braun 3. Trojaner: Paris rot 3, Glaucos grün 4, Acamas lila 4, Aeneas blau 5, Sarpedon gelb 5, Hector braun 6.
(R) Plättchen (N, O, S, W): 1 blau gelb lila braun · 2 rot gelb lila braun · 3 rot grün lila braun · 4 rot grün blau braun · 5 rot grün blau gelb · 6 grün blau gelb lila.
(E) *Benutzt* ist jeder Stapel, von dem im Kampf eine Karte genommen wurde (auch die Vorhut von einem anderen Stapel); alle benutzten Stapel werden in der Schluss-Phase geprüft, zuerst die vorderen, dann der Heimatstapel.
(E) Fehlt beim Ziehen eine Karte im Kampfstapel, kommt sie vom Heimatstapel.
(E) Zurückkehrende Helden kommen unter den Heldenstapel (er wird ohnehin gemischt).
(E) Ergebnis: Sieger 1 Punkt, Verlierer 0; bei Unentschieden beide 1.""",
    ],
    "en": [
        """**Hector and Achilles – goal**
Greeks against Trojans, battle after battle. You lose when all three of your front army stacks, or your used home stack, are **emptied** (fewer than 5 cards). If both sides fall at once: a draw.
**Each side has:** 48 army cards (6 colours – red ●, green ▲, blue ■, yellow ★, purple ◆, brown ✚ – values 1–4, two of each), 6 heroes (one per colour, values 3–6), 3 favour tokens. Shared: 6 fate tiles with 4 colours each; up to 3 shame tokens per side.
**Setup:** each side shuffles its army into 3 front stacks (1, 2, 3 – equal numbers face each other) and 1 home stack of 12 cards, and its heroes into a face-down hero stack. The Greeks attack first.
**Secret:** your hand (army cards and hero) and the order of every stack. **Open:** played cards, tokens, stack sizes, the fate tile, shame, discarded cards.""",
        """**Opening a battle**
1. The attacker turns up the top card of one of their 4 stacks: the **vanguard**. Its value 1, 2 or 3 names the stack number both sides fight with; a 4 lets the attacker choose the number. A side whose stack of that number is emptied uses its home stack.
2. The attacker turns up the top fate tile and lays it so that one colour faces them and the opposite one faces the opponent. (E) You choose the colour that faces you.
3. The defender turns up the top card of their battle stack as their vanguard.
4. Both draw 4 army cards from their battle stack and the top hero (an empty hero stack means fighting without a hero: only your fate colour counts).""",
        """**Single turns**
In turn, attacker first, 4 single turns each: at most **one action**, then **play one army card** (mandatory).
• **Discard & draw:** a hand card leaves the game; draw from the battle stack (empty: from the home stack). (E) Only while there is a card to draw.
• **Change hero:** hero under the hero stack, draw the top one. (E) Only while the hero stack is not empty.
• **Deploy hero:** onto one of your played cards (the vanguard too). The hero's value and colour count, no longer those of the card beneath.
• **Upgrade:** only after deploying: a favour token from your board onto a played army card (not the hero), +1, at most one per card.
• **Retreat:** the battle ends at once; the opponent wins it.
(E) Equal cards are a single choice.""",
        """**Fate and the winner**
After each pair of single turns: **superiority** = the sum of all your played values (hero instead of the card beneath, favour +1, colours ignored). The stronger side may turn the tile 90° either way or leave it – it is asked even when it was not its turn. Equal: no turning.
After the 4th pair both show the hero in hand. Only cards of your **two colours** count: the fate colour facing you and your hero's colour (deployed or only shown), with the favour tokens on them; a deployed hero counts its value. The higher total wins; equal: a drawn battle.
*Example:* Thomas faces yellow, holds Aias (green 5), played yellow 3, 4, 2, red 1, blue 2 → **9**. Lin faces blue, Acamas (purple 4) lies on blue 1; played purple 3 +1, green 1, red 4 +1, blue 3 → 4 + 4 + 3 = **11**. Lin wins.""",
        """**After the battle**
**Winner:** played cards (vanguard included) back onto the battle stack, hero onto the hero stack, favour tokens back to the board.
**Loser:** played army cards and favour tokens leave the game; a deployed hero too – unless you give up a favour token from your board instead ((E) you are asked if you have one). Heroes only shown return.
**Drawn battle:** everything returns; the defender attacks next.
**Retreat:** as a loss, but hand cards go back onto the battle stack; then you lose one card from the battle stack (short: from the home stack) per shame token you already hold, and take a shame token (at most 3). (E) The hand cards are shuffled into the stack first.
**Final phase:** a used front stack with fewer than 5 cards is emptied: its rest goes onto the home stack (shuffled). Then: all 3 front stacks emptied, or a used home stack below 5 → that side loses. Otherwise used stacks and hero stacks are shuffled and the tile discarded (none left: reshuffle all 6). The winner attacks next.""",
        """**Reconstructed (R) and decided (E)**
(R) The rulebook shows heroes and tiles only as pictures. Greeks: Achilleus red 6, Aias green 5, Diomedes purple 5, Agamemnon blue 4, Odisseus yellow 4, Menelaos brown 3. Trojans: Paris red 3, Glaucos green 4, Acamas purple 4, Aeneas blue 5, Sarpedon yellow 5, Hector brown 6.
(R) Tiles (N, E, S, W): 1 blue yellow purple brown · 2 red yellow purple brown · 3 red green purple brown · 4 red green blue brown · 5 red green blue yellow · 6 green blue yellow purple.
(E) A stack is *used* if a card was taken from it in the battle (a vanguard from another stack too); the final phase checks every used stack, front stacks first, then the home stack.
(E) A card to be drawn that the battle stack lacks comes from the home stack.
(E) Returning heroes go under the hero stack (it is shuffled anyway).
(E) Result: winner 1 point, loser 0; in a draw both 1.""",
    ],
}
