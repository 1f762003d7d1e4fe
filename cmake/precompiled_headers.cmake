# Precompiled headers for the heavy third-party headers (onnx.pb.h with protobuf,
# nlohmann/json, Catch2, CLI11, MPFR) and the standard library. Only external headers go in,
# so editing a project header never rebuilds a precompiled header. A translation unit
# still includes what it uses; the precompiled header only makes those includes cheap.
#
# touchstone_precompile(<target> <set>...) gives <target> its own precompiled header made
# of the named sets: std, onnx, mpfr, json, catch, cli.
# touchstone_precompile_reuse(<target> <donor>) reuses <donor>'s (same compile flags and
# definitions that the headers read: use it for small programs linking the same libraries).

option(TOUCHSTONE_PCH "Precompile the heavy third-party headers" ON)

set(TOUCHSTONE_PCH_std
  <algorithm> <array> <cinttypes> <cmath> <cstdarg> <cstddef> <cstdint> <cstdio> <cstdlib>
  <cstring> <filesystem> <fstream> <functional> <iomanip> <iostream> <limits> <map>
  <memory> <optional> <set> <sstream> <stdexcept> <string> <string_view> <tuple>
  <unordered_map> <unordered_set> <utility> <variant> <vector>)
# mpfr.h declares its FILE*/intmax_t functions only when <cstdio>/<cstdint> came first
# (they do: the std set is always first).
set(TOUCHSTONE_PCH_mpfr <gmp.h> <mpfr.h>)
set(TOUCHSTONE_PCH_onnx <onnx/onnx_pb.h>)
set(TOUCHSTONE_PCH_json <nlohmann/json.hpp>)
set(TOUCHSTONE_PCH_catch <catch2/catch.hpp>)
set(TOUCHSTONE_PCH_cli <CLI/CLI.hpp>)

function(touchstone_precompile target)
  if(NOT TOUCHSTONE_PCH)
    return()
  endif()
  set(headers ${TOUCHSTONE_PCH_std})
  foreach(set_name IN LISTS ARGN)
    if(NOT DEFINED TOUCHSTONE_PCH_${set_name})
      message(FATAL_ERROR "touchstone_precompile: unknown header set '${set_name}'")
    endif()
    list(APPEND headers ${TOUCHSTONE_PCH_${set_name}})
  endforeach()
  target_precompile_headers(${target} PRIVATE ${headers})
  # A precompiled header that GCC cannot use is silently ignored: say so instead.
  # (C++ targets only: the C example plugin gets none.)
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Winvalid-pch>)
endfunction()

function(touchstone_precompile_reuse target donor)
  if(NOT TOUCHSTONE_PCH)
    return()
  endif()
  target_precompile_headers(${target} REUSE_FROM ${donor})
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Winvalid-pch>)
endfunction()
