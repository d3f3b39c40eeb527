function on_play(move)
  rawset(_ENV, "count", 1)
end
