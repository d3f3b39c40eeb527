#include "interpreter/model/catalog.h"

#include <algorithm>
#include <cctype>

namespace tapis {

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

namespace {

bool SameText(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
         });
}

}  // namespace

int Property::ValueIndex(std::string_view value) const {
  for (size_t i = 0; i < values.size(); ++i) {
    if (SameText(values[i], value)) return static_cast<int>(i);
  }
  return kNoValue;
}

int Catalog::AddProperty(Property property) {
  properties_.push_back(std::move(property));
  return static_cast<int>(properties_.size()) - 1;
}

int Catalog::AddKind(CardKind kind) {
  by_code_.emplace(Upper(kind.code), static_cast<int>(kinds_.size()));
  kinds_.push_back(std::move(kind));
  return static_cast<int>(kinds_.size()) - 1;
}

int Catalog::PropertyIndex(std::string_view name) const {
  for (size_t i = 0; i < properties_.size(); ++i) {
    if (properties_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

std::optional<int> Catalog::KindByCode(std::string_view code) const {
  const auto it = by_code_.find(Upper(std::string(code)));
  if (it == by_code_.end()) return std::nullopt;
  return it->second;
}

std::string Catalog::PropertyNames() const {
  std::string out;
  for (const auto& p : properties_) {
    if (!out.empty()) out += ", ";
    out += p.name;
  }
  return out;
}

CardSet::CardSet(const Catalog* catalog, std::vector<int> kinds)
    : catalog_(catalog),
      kind_of_(std::move(kinds)),
      properties_(static_cast<int>(catalog->properties().size())) {
  values_.reserve(kind_of_.size() * properties_);
  for (int k : kind_of_) {
    const CardKind& kind = catalog->kind(k);
    values_.insert(values_.end(), kind.values.begin(), kind.values.end());
    wild_.push_back(kind.wild);
    several_.push_back(!kind.value_sets.empty());
  }
}

}  // namespace tapis
