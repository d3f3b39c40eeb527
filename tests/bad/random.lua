function on_play(move)
  return math.random(6)
end
