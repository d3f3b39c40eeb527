-- A seed's script for fuzz_ruleset (tests/fuzz/corpus/ruleset/many_values.yaml): each play
-- groups the player's hand into runs, so that a property of hundreds of values reaches
-- tapis.runs, where the first round found a value index kept in a byte.
function on_play(move)
  tapis.runs(tapis.cards("hand", tapis.current()), "run")
end
