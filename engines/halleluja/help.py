"""A five-minute rules summary of Halleluja, as pages of Markdown, for
``/game rules`` and the terminal. It follows ``rules/halleluja.md``; points
marked (R) are reconstructed (their list comes from
:mod:`engines.halleluja.reconstruction`), and the engine's own decisions (see
``rules``) are told where a player meets them."""

from __future__ import annotations

from engines.halleluja.reconstruction import ARROW_LABELS_CLOCKWISE, LADDER_POINTS, MAX_ROUNDS_DEFAULT, POINTS

_PAGES: dict[str, list[str]] = {
    "de": [
        """**Halleluja – Ziel**
2–4 Spieler, je eine Farbe: **Orange ●, Blau ■, Grün ◆, Violett ⬢** (Buchstabe O, B, G, V auf jedem Stein). Farben, die niemand spielt, sind **neutral** und trotzdem dabei. Jeder der 36 Steine hat eine **Engel**seite (Heiligenschein) und eine **Teufel**seite (Hörner).
Schlage fremde Steine, sammle sie in Sätzen und steige auf der **Himmelsleiter** (Stufen 0–8). Die höchste Summe gewinnt, Gleichstand teilt den Sieg.
**Brett:** 7×7 Felder, A1 oben links bis G7 unten rechts. Das **Zahlenplättchen** liegt auf einem Feld; seine vier Pfeile tragen die Zahlen {arrows} im Uhrzeigersinn (R).""",
        """**Aufbau**
1. Der Startspieler legt das Plättchen auf ein beliebiges Feld und dreht es (wohin Pfeil 1 zeigt).
2. Dann werden **Türme** aus 3 Steinen einer Farbe, Engel oben, einzeln gesetzt: die Spieler reihum ihre eigenen (je 3), danach reihum die neutralen (R). Ein Turm steht nie in Zeile oder Spalte des Plättchens und nie waagrecht/senkrecht neben einem anderen Turm (diagonal geht).
3. Angeboten werden nur Felder, nach denen die restlichen Türme noch Platz haben.
**Option `quick_setup`:** die Maschine legt Plättchen und alle 12 Türme zufällig (aus dem Startwert der Partie).""",
        """**Dein Zug**
1. **Plättchen bewegen** – eine oder zwei Aktionen: **schieben** (gerade oder diagonal, beliebig weit über freie Felder) oder **um 90° drehen**. Abbiegen = zweite Aktion, 180° = zwei Aktionen. Danach muss es anders liegen als vorher. Eine zweite Schiebung in dieselbe Richtung gibt es nicht (das wäre eine einzige).
2. **Markieren:** in jeder Pfeilrichtung wird der nächste Turm in dieser Linie markiert, egal wie weit weg. Die Zahl des Pfeils ist seine Zugweite N.
3. **Ziehen** in Pfeilreihenfolge 1, 2, 3, 4: der oberste Stein jedes markierten Turms zieht **genau N** Felder gerade in eine der 8 Richtungen, nur über freie Felder, nicht vom Brett und nicht über oder auf das Plättchen. Sein Besitzer wählt die Richtung oder lässt ihn stehen; über neutrale Steine entscheidet der aktive Spieler (R). Kann ein Stein nicht ziehen, bleibt er stehen. Jeder Stein zieht höchstens einmal; ein schon geleerter oder besetzter Turm wird übersprungen (R). Markiert wird einmal, gleich nach dem Plättchenzug.
4. Dann geht die weiße Figur im Uhrzeigersinn zum nächsten Spieler, der noch Steine auf dem Brett hat (auch zugedeckte zählen).""",
        """**Landen und schlagen**
Auf freiem Feld steht der Stein allein. Auf der **eigenen** Farbe darf er nicht landen. Auf einem Turm mit anderer Farbe oben wird **geschlagen**:
- **Engel schlägt Engel:** der Schläger wird auf die Teufelsseite gedreht.
- **Engel schlägt Teufel:** der Schläger bleibt Engel, sein Besitzer steigt eine Stufe auf der Himmelsleiter (oben bei 8 ist Schluss).
- **Teufel schlägt Engel:** erlaubt, sonst passiert nichts.
- **Teufel schlägt Teufel:** verboten.
Der geschlagene oberste Stein gehört dem Besitzer des Schlägers; schlägt ein neutraler Stein, ist er aus dem Spiel (R). Der Schläger steht danach auf dem Rest des Turms (R).""",
        """**Spielende und Wertung**
Das Spiel endet nach einem Zug, in dem nur noch Steine von höchstens **zwei Farben** auf dem Brett sind, **kein Engel** mehr obenauf liegt, oder – zu zweit – nur noch **ein Spieler** Steine hat. Spätestens nach **max_rounds** vollen Runden (Option, 5–100, Standard {max_rounds}) ist Schluss (R).
**Wertung:** geschlagene Steine werden in Sätze geteilt, jeder Stein in genau einen: **3 verschiedene Farben = 7**, **2 verschiedene = 3**, **einzeln = 1**. Die Maschine sucht die beste Aufteilung (z. B. je 3 Steine von 4 Farben: 4 Dreiersätze = 28). Dazu Leiterpunkte für Stufe 0–8: {ladder} (R).""",
    ],
    "en": [
        """**Halleluja – goal**
2–4 players, one colour each: **Orange ●, Blue ■, Green ◆, Violet ⬢** (letter O, B, G, V on every stone). Colours nobody plays are **neutral** and still take part. Each of the 36 stones has an **angel** side (halo) and a **devil** side (horns).
Capture other stones, collect them in sets and climb the **heaven ladder** (steps 0–8). The highest total wins; ties share the win.
**Board:** 7×7 fields, A1 top left to G7 bottom right. The **number tile** lies on a field; its four arrows carry the numbers {arrows} clockwise (R).""",
        """**Setup**
1. The starting player puts the tile on any field and turns it (where arrow 1 points).
2. Then **towers** of 3 stones of one colour, angels up, are placed one at a time: the players in turn their own (3 each), then in turn the neutral ones (R). A tower never stands in the tile's row or column, nor orthogonally next to another tower (diagonally is fine).
3. Only fields that leave room for the remaining towers are offered.
**Option `quick_setup`:** the engine places the tile and all 12 towers at random (from the match's seed).""",
        """**Your turn**
1. **Move the tile** – one or two actions: **slide** it (straight or diagonal, any distance over empty fields) or **rotate** it 90°. Turning while sliding = a second action, 180° = two actions. Afterwards it must differ from before. A second slide in the same direction is not offered (that would be a single one).
2. **Mark:** in each arrow's direction the nearest stack in that line is marked, however far. The arrow's number is its distance N.
3. **Move** in arrow order 1, 2, 3, 4: the top stone of each marked stack moves **exactly N** fields straight in one of the 8 directions, over empty fields only, not off the board and not over or onto the tile. Its owner picks the direction or leaves it; the active player decides for neutral stones (R). A stone without a legal move stays. A stone moves at most once; a stack emptied or taken over earlier is skipped (R). Marks are set once, right after the tile move.
4. Then the white figure passes clockwise to the next player with stones on the board (covered ones count).""",
        """**Landing and capturing**
On an empty field the stone stands alone. It may not land on its **own** colour. On a stack topped by another colour it **captures**:
- **Angel takes angel:** the capturer is turned to its devil side.
- **Angel takes devil:** the capturer stays an angel and its owner climbs one step of the heaven ladder (8 is the top).
- **Devil takes angel:** allowed, nothing else happens.
- **Devil takes devil:** not allowed.
The captured top stone goes to the capturer's owner; a neutral capturer's prey leaves the game (R). The capturer then sits on the rest of the stack (R).""",
        """**End and scoring**
The game ends after a turn in which stones of at most **two colours** remain on the board, **no angel** is on top of any stack, or – with two players – only **one player** still has stones. It ends after **max_rounds** full rounds at the latest (option, 5–100, default {max_rounds}) (R).
**Score:** captured stones are split into sets, each stone in exactly one: **3 different colours = 7**, **2 different = 3**, **single = 1**. The engine finds the best split (e.g. 3 stones each of 4 colours: four sets of three = 28). Plus ladder points for steps 0–8: {ladder} (R).""",
    ],
}


def rules_help(locale: str) -> list[str]:
    values = {
        "{max_rounds}": str(MAX_ROUNDS_DEFAULT),
        "{arrows}": ", ".join(map(str, ARROW_LABELS_CLOCKWISE)),
        "{ladder}": ", ".join(map(str, LADDER_POINTS)),
    }
    pages = []
    for page in _PAGES.get(locale, _PAGES["en"]):
        for key, value in values.items():
            page = page.replace(key, value)
        pages.append(page)
    de = locale == "de"
    head = "**Rekonstruiert (R)**\nNur eine Rezension des Spiels ist erhalten; diese Punkte sind unsere Rekonstruktion:" if de else (
        "**Reconstructed (R)**\nOnly a review of the game survives; these points are our reconstruction:"
    )
    pages.append(head + "\n" + "\n".join(f"- {d if de else e}" for d, e in POINTS))
    return pages
