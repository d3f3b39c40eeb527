-- Crazy Eights' one special effect (rulesets/crazy_eights.yaml), following OpenSpiel's
-- program. The deal, the legal moves, the 8's suit, skips, reverses, the 2s' draws that add
-- up (`penalty:`), the end and the score are the engine's, from the YAML.

-- The peer counts the draw that pays the 2s' last card and empties the deck as a pass,
-- towards the end of a game whose deck is empty (the engine then forgives nothing more: the
-- penalty is paid). It runs before the engine pays that card.
function on_draw()
  if tapis.get("penalty") == 1 and tapis.count("deck") == 0 then
    tapis.set("passes", tapis.get("passes") + 1)
  end
end
