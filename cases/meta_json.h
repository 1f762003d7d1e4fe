// CaseMeta <-> JSON, shared by case.json and index.json.
#pragma once
#include <nlohmann/json.hpp>

#include "cases/suite.h"

namespace touchstone::cases {

nlohmann::json meta_json(const CaseMeta& meta);
CaseMeta meta_from(const nlohmann::json& j, const std::string& where);

}  // namespace touchstone::cases
