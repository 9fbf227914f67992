# cmake -D BUILD_DIR=... -D SOURCE_DIR=... -D CONSUMER_DIR=... -D WORK_DIR=... [-D CONFIG=...]
#   [-D GENERATOR=...] [-D MAKE_PROGRAM=...] [-D CXX_COMPILER=...] [-D CXX_FLAGS=...] [-D LINK_FLAGS=...]
#   [-D EXPECTED_TARGETS=a,b,...] -P check_install.cmake
#
# Installs the parkan build BUILD_DIR into WORK_DIR/prefix, checks that the installed package does
# not point back into the source or build tree, then configures, builds and runs the consumer project
# CONSUMER_DIR against the prefix and checks what it prints.
cmake_minimum_required(VERSION 3.20)
foreach(var BUILD_DIR SOURCE_DIR CONSUMER_DIR WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "check_install.cmake: ${var} is not set")
  endif()
endforeach()
# The install goes where it is told, and the consumer's build does not join a caller's make.
unset(ENV{DESTDIR})
unset(ENV{MAKEFLAGS})
unset(ENV{MFLAGS})

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${what} failed (${rc}): ${command}\n${out}\n${err}")
  endif()
endfunction()

set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})

set(config_args)
if(CONFIG)
  set(config_args --config ${CONFIG})
endif()
run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} ${config_args})

# The installed package must stand alone: no path into the source or the build tree.
file(GLOB_RECURSE package_files ${prefix}/*.cmake)
if(NOT package_files)
  message(FATAL_ERROR "no CMake package files installed under ${prefix}")
endif()
foreach(file IN LISTS package_files)
  file(READ ${file} text)
  foreach(tree ${SOURCE_DIR} ${BUILD_DIR})
    string(FIND "${text}" "${tree}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${file} refers to ${tree}")
    endif()
  endforeach()
endforeach()

set(configure_args -S ${CONSUMER_DIR} -B ${build} -DCMAKE_PREFIX_PATH=${prefix}
  -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON -DCMAKE_BUILD_TYPE=${CONFIG}
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}"
  "-DPARKAN_EXPECTED_TARGETS=${EXPECTED_TARGETS}")
if(GENERATOR)
  list(APPEND configure_args -G ${GENERATOR})
endif()
if(MAKE_PROGRAM)
  list(APPEND configure_args -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
if(CXX_COMPILER)
  list(APPEND configure_args -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
run("configure the consumer" ${CMAKE_COMMAND} ${configure_args})

# find_package found the installed package, not another parkan.
file(STRINGS ${build}/CMakeCache.txt parkan_dir REGEX "^parkan_DIR:")
string(REGEX REPLACE "^[^=]*=" "" parkan_dir "${parkan_dir}")
file(REAL_PATH "${prefix}" real_prefix)
file(REAL_PATH "${parkan_dir}" real_parkan_dir)
string(FIND "${real_parkan_dir}/" "${real_prefix}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "find_package(parkan) used ${parkan_dir}, not the package installed in ${prefix}")
endif()

run("build the consumer" ${CMAKE_COMMAND} --build ${build} ${config_args})

file(READ ${build}/consumer-${CONFIG}.txt program)
execute_process(COMMAND ${program} ${WORK_DIR}/tiny.lib
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(expected "Texm\nHELLO.0: Texm, 5 bytes: hello\n")
if(NOT rc EQUAL 0 OR NOT out STREQUAL expected)
  message(FATAL_ERROR "${program} exited with ${rc}, printed\n${out}\nexpected\n${expected}\nstderr:\n${err}")
endif()
message(STATUS "installed package OK: ${parkan_dir}")
