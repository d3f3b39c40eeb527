// The word list's half of the `tapis` table (docs/lua-api.md): anagram look-ups in the
// ruleset's `words:` index, for scripts and bots of word games.
#include <fmt/format.h>

#include <lua.hpp>

#include "interpreter/model/word_index.h"
#include "interpreter/script/lua_bridge.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

using namespace lua;

const WordIndex& Index(const ScriptContext& ctx) {
  const WordIndex* words = ctx.engine->config().words();
  if (!words) throw ApiError(fmt::format("tapis.{}: the ruleset has no word list (words:)", "words"));
  return *words;
}

int WildcardsArg(lua_State* L, int index) {
  const long long n = lua_isnoneornil(L, index) ? 0 : IntArg(L, index, "wildcards");
  if (n < 0 || n > 16) throw ApiError("tapis.words: wildcards must be from 0 to 16");
  return static_cast<int>(n);
}

// tapis.is_word(letters[, wildcards]): a word is made of exactly these letters and wildcards.
int IsWord(lua_State* L, ScriptContext& ctx) {
  const std::string letters = WordIndex::Normalise(StringArg(L, 1, "letters"));
  lua_pushboolean(L, Index(ctx).HasWord(letters, WildcardsArg(L, 2)));
  return 1;
}

// tapis.words(letters[, wildcards[, limit]]): those words, normalised (at most `limit`, 100).
int Words(lua_State* L, ScriptContext& ctx) {
  const std::string letters = WordIndex::Normalise(StringArg(L, 1, "letters"));
  const long long limit = lua_isnoneornil(L, 3) ? 100 : IntArg(L, 3, "limit");
  const auto words = Index(ctx).Words(letters, WildcardsArg(L, 2), static_cast<size_t>(std::max(0LL, limit)));
  lua_createtable(L, static_cast<int>(words.size()), 0);
  for (size_t i = 0; i < words.size(); ++i) {
    lua_pushstring(L, words[i].c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

}  // namespace

void AddWordsApi(lua_State* L) {
  static const luaL_Reg kFunctions[] = {{"is_word", Guard<IsWord>}, {"words", Guard<Words>}, {nullptr, nullptr}};
  luaL_setfuncs(L, kFunctions, 0);
}

}  // namespace tapis
