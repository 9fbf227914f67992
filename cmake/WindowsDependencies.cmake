# The Windows cross build's dependencies (CMakeLists.txt includes this instead of its find_package and
# pkg_check_modules calls when WIN32): the same targets, from the prefix scripts/windows-deps filled,
# given as PARKAN_WINDOWS_DEPS (`make windows` passes build-windows/deps). Everything is static.
set(PARKAN_WINDOWS_DEPS "" CACHE PATH "the prefix scripts/windows-deps filled")
if(NOT PARKAN_WINDOWS_DEPS OR NOT EXISTS "${PARKAN_WINDOWS_DEPS}/stamps/libpng")
  message(FATAL_ERROR "PARKAN_WINDOWS_DEPS (\"${PARKAN_WINDOWS_DEPS}\") is not a prefix filled by "
    "scripts/windows-deps: run `scripts/windows-deps build-windows/deps` (make windows does)")
endif()
get_filename_component(deps "${PARKAN_WINDOWS_DEPS}" ABSOLUTE)
set(mingw /usr/x86_64-w64-mingw32)
# find_package(GTest) and find_package(rapidcheck CONFIG) in tests/ find their packages in the prefix.
list(APPEND CMAKE_PREFIX_PATH ${deps})
# Any pkg_check_modules sees the prefix's .pc files only, never the host's.
set(ENV{PKG_CONFIG_LIBDIR} ${deps}/lib/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")
find_package(PkgConfig QUIET)

function(parkan_windows_static_library target file)
  if(NOT EXISTS ${file})
    message(FATAL_ERROR "${file} is missing: run scripts/windows-deps ${deps} again")
  endif()
  add_library(${target} STATIC IMPORTED GLOBAL)
  set_target_properties(${target} PROPERTIES IMPORTED_LOCATION ${file}
    INTERFACE_INCLUDE_DIRECTORIES ${deps}/include)
endfunction()

# zlib (libz-mingw-w64-dev) and libpng (built from Debian's source package).
parkan_windows_static_library(ZLIB::ZLIB ${mingw}/lib/libz.a)
set_target_properties(ZLIB::ZLIB PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${mingw}/include)
parkan_windows_static_library(PNG::PNG ${deps}/lib/libpng16.a)
set_target_properties(PNG::PNG PROPERTIES INTERFACE_LINK_LIBRARIES ZLIB::ZLIB)

# libdeflate (built from Debian's source package).
parkan_windows_static_library(PkgConfig::LIBDEFLATE ${deps}/lib/libdeflate.a)

# Header-only: fmt (header-only mode: Debian's libfmt is a Linux shared library), nlohmann/json, CLI11.
add_library(fmt::fmt INTERFACE IMPORTED GLOBAL)
set_target_properties(fmt::fmt PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${deps}/include
  INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED GLOBAL)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${deps}/include)
add_library(CLI11::CLI11 INTERFACE IMPORTED GLOBAL)
set_target_properties(CLI11::CLI11 PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${deps}/include)

# cpp-httplib, header-only (the full httplib.h of the source package): Winsock, no OpenSSL, zlib or
# brotli (CPPHTTPLIB_OPENSSL_SUPPORT, CPPHTTPLIB_ZLIB_SUPPORT, CPPHTTPLIB_BROTLI_SUPPORT stay undefined).
add_library(PkgConfig::HTTPLIB INTERFACE IMPORTED GLOBAL)
set_target_properties(PkgConfig::HTTPLIB PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${deps}/include
  INTERFACE_LINK_LIBRARIES ws2_32)

# stb's headers (stb_image.h, stb_image_write.h), and tinygltf compiled once with them.
set(PARKAN_STB_INCLUDE_DIR ${deps}/include/stb)
add_library(parkan_tinygltf STATIC ${CMAKE_CURRENT_LIST_DIR}/windows/tinygltf_impl.cpp)
target_include_directories(parkan_tinygltf SYSTEM PUBLIC
  $<BUILD_INTERFACE:${deps}/include> $<BUILD_INTERFACE:${PARKAN_STB_INCLUDE_DIR}>)
target_link_libraries(parkan_tinygltf PUBLIC nlohmann_json::nlohmann_json)
target_compile_features(parkan_tinygltf PUBLIC cxx_std_11)
set_target_properties(parkan_tinygltf PROPERTIES UNITY_BUILD OFF)
# Third-party code: -O2 and none of parkan's warnings (-Wall -Wextra -Wpedantic come from the directory).
target_compile_options(parkan_tinygltf PRIVATE -w)
add_library(TinyGLTF::TinyGLTF ALIAS parkan_tinygltf)
# parkan_export links it: `make install` exports it with parkan's targets.
install(TARGETS parkan_tinygltf EXPORT parkanTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})

unset(deps)
unset(mingw)
