#include "reference/error.h"

namespace touchstone {

const char* error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kInvalidModel: return "invalid model";
    case ErrorKind::kNotImplemented: return "not implemented";
    case ErrorKind::kMalformed: return "malformed input";
    case ErrorKind::kIo: return "i/o error";
    case ErrorKind::kOverBudget: return "exceeds the budget";
  }
  return "error";
}

}  // namespace touchstone
