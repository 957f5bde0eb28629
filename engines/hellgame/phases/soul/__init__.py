"""The Soul phase (7.0): income and favour (:mod:`.souls`), gifts
(:mod:`.gifts`), upkeep and desertion (:mod:`.desertion`)."""
