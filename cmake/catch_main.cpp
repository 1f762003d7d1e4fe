// Catch2's main, compiled once and linked into every test executable (it is the most
// expensive translation unit of the build: compiling it per executable cost minutes).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
