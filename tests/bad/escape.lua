function on_play(move)
  os.execute("touch /tmp/tapis-escaped")
end
