"""The core of The HellGame, used by every part of a round: the state
(:mod:`.model`), the component data (:mod:`.data`), the driver of the
procedure (:mod:`.flow`), dice (:mod:`.dice`), board queries and changes
(:mod:`.board`), flight and entering (:mod:`.flight`), winning (4.0,
:mod:`.victory`), what a seat may see (:mod:`.views`) and the words
(:mod:`.text`, :mod:`.help`). Nothing here imports a phase."""
