function on_play(move)
  if move then
end
