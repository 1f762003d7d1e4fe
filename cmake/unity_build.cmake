# Unity builds: each target's files are compiled eight at a time, as one translation unit
# that #includes them, so the project's own headers are parsed and their inline functions
# optimized once per eight files instead of once per file (the reference library: about
# 40% less CPU; cmake/README.md). -DTOUCHSTONE_UNITY_BUILD=OFF compiles file by file.
#
# The price: names in anonymous namespaces must not collide within a batch. A file whose
# helpers collide with another's (the compiler says "redefinition of" or "call of overloaded
# ... is ambiguous" across two files) is either given distinct names or listed with
# touchstone_unity_skip(<files>), which compiles it alone.
option(TOUCHSTONE_UNITY_BUILD "Compile each target's files in batches of eight" ON)
if(TOUCHSTONE_UNITY_BUILD)
  set(CMAKE_UNITY_BUILD ON)
  set(CMAKE_UNITY_BUILD_BATCH_SIZE 8)
endif()

# touchstone_unity_skip(<file>...): compile these files (relative to the calling folder) on
# their own, outside the unity batches.
function(touchstone_unity_skip)
  set_source_files_properties(${ARGN} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
