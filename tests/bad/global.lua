count = 0
function on_play(move)
  count = count + 1
end
