function on_play(move)
end
