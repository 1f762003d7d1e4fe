# Test executables: Catch2's main compiled once, a precompiled header shared by the test
# executables, and test code optimized at -O1 (the code under test is in the libraries,
# built as configured; -O1 compiles Catch2's assertion-heavy test bodies a fifth faster
# and changes no floating-point result: no fast-math, no contraction, SSE2 arithmetic).

# Catch2's main (cmake/catch_main.cpp), compiled once. It also builds the precompiled
# header the test executables reuse, through test_pch.cpp (catch_main.cpp skips it: it must
# see CATCH_CONFIG_MAIN before Catch2's header).
add_library(touchstone_catch_main STATIC ${CMAKE_CURRENT_LIST_DIR}/catch_main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_pch.cpp)
target_link_libraries(touchstone_catch_main PUBLIC Catch2::Catch2 PRIVATE onnx nlohmann_json::nlohmann_json)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/catch_main.cpp PROPERTIES SKIP_PRECOMPILE_HEADERS ON
  SKIP_UNITY_BUILD_INCLUSION ON)
touchstone_precompile(touchstone_catch_main onnx mpfr json catch)

set(TOUCHSTONE_TEST_OPTIMIZATION $<$<NOT:$<CONFIG:Debug>>:-O1>)
target_compile_options(touchstone_catch_main PRIVATE ${TOUCHSTONE_TEST_OPTIMIZATION})

# touchstone_test_executable(<target> [<set>...]): link Catch2's main, compile at -O1, and
# reuse the shared precompiled header, or (with header sets, for a target whose libraries
# do not pass ONNX's definitions on) build its own.
function(touchstone_test_executable target)
  target_link_libraries(${target} PRIVATE touchstone_catch_main)
  target_compile_options(${target} PRIVATE ${TOUCHSTONE_TEST_OPTIMIZATION})
  if(ARGN)
    touchstone_precompile(${target} ${ARGN})
  else()
    touchstone_precompile_reuse(${target} touchstone_catch_main)
  endif()
endfunction()
