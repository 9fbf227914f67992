# Cross build for 64-bit Windows with Debian's MinGW-w64 (g++-mingw-w64-x86-64-posix: the posix-thread
# variant, which has std::thread, std::mutex and friends), tested under Wine (wine64).
#   cmake -S . -B build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake \
#         -DPARKAN_WINDOWS_DEPS=build-windows/deps
# `make windows` does that (scripts/windows-deps fills the deps prefix first).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(PARKAN_MINGW_TRIPLE x86_64-w64-mingw32)
find_program(CMAKE_C_COMPILER ${PARKAN_MINGW_TRIPLE}-gcc-posix REQUIRED)
find_program(CMAKE_CXX_COMPILER ${PARKAN_MINGW_TRIPLE}-g++-posix REQUIRED)
find_program(CMAKE_RC_COMPILER ${PARKAN_MINGW_TRIPLE}-windres)
find_program(CMAKE_AR ${PARKAN_MINGW_TRIPLE}-ar)
find_program(CMAKE_RANLIB ${PARKAN_MINGW_TRIPLE}-ranlib)

# The prefix scripts/windows-deps filled (static libraries and headers, all built for Windows). Cache
# variables reach try_compile projects too.
set(PARKAN_WINDOWS_DEPS "" CACHE PATH "the prefix scripts/windows-deps filled")
if(PARKAN_WINDOWS_DEPS)
  get_filename_component(PARKAN_WINDOWS_DEPS "${PARKAN_WINDOWS_DEPS}" ABSOLUTE)
endif()
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES PARKAN_WINDOWS_DEPS)

# Libraries, headers and packages only from the deps prefix and MinGW's own sysroot, never from the
# host's /usr (glibc headers, Linux libraries); programs (cmake, node, npm) from the host.
set(CMAKE_FIND_ROOT_PATH ${PARKAN_WINDOWS_DEPS} /usr/${PARKAN_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Static libraries only: one .exe a user can copy.
set(CMAKE_FIND_LIBRARY_SUFFIXES .a)

# Static linking: no libstdc++-6.dll, libgcc_s_seh-1.dll or libwinpthread-1.dll next to the .exe.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")


# Test programs (gtest_discover_tests, add_test, ctest) run under Wine.
find_program(PARKAN_WINE NAMES wine64 wine PATHS /usr/lib/wine /usr/bin)
if(PARKAN_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${PARKAN_WINE})
endif()
