// The kind of the touchstone::Error a call throws (and its message), for tests of refusals.
#pragma once
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "reference/error.h"

namespace touchstone::testing {

inline ErrorKind kind_of(const std::function<void()>& f, std::string* message = nullptr) {
  try {
    f();
  } catch (const Error& e) {
    if (message) *message = e.what();
    return e.kind();
  }
  FAIL("no error");
  return ErrorKind::kIo;
}

}  // namespace touchstone::testing
