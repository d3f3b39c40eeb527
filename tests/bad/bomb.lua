function on_play(move)
  local t = {}
  for i = 1, 100000000 do
    t[i] = string.rep("x", 1000) .. i
  end
end
