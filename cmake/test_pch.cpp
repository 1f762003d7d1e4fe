// Empty on purpose: the translation unit that builds the precompiled header the test
// executables share (cmake/tests.cmake; CMake makes one only for a target with a file
// that uses it, and catch_main.cpp cannot).
