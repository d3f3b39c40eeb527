function on_play(move)
  local missing = nil
  return missing.field
end
