# `parkan view` serves its page (apps/parkan/view/) and three.js from the binary: both are embedded
# into the CLI at build time by cmake/embed_files.cpp. three comes from the npm registry, installed by
# the build into the build folder (never globally, never from a CDN at run time), or from an existing
# copy given as PARKAN_THREE_DIR.
set(PARKAN_THREE_VERSION 0.187.0)
set(PARKAN_THREE_DIR "" CACHE PATH "an npm `three` ${PARKAN_THREE_VERSION} package folder (empty: npm installs one into the build folder)")

# The three files the page imports, with the URL paths its import map gives them.
set(PARKAN_THREE_FILES
  "/three/three.module.js=build/three.module.js"
  "/three/three.core.js=build/three.core.js"
  "/three/addons/loaders/GLTFLoader.js=examples/jsm/loaders/GLTFLoader.js"
  "/three/addons/controls/OrbitControls.js=examples/jsm/controls/OrbitControls.js"
  "/three/addons/utils/BufferGeometryUtils.js=examples/jsm/utils/BufferGeometryUtils.js"
  "/three/addons/utils/SkeletonUtils.js=examples/jsm/utils/SkeletonUtils.js")

set(three_dir ${PARKAN_THREE_DIR})
set(three_stamp)
if(NOT three_dir)
  find_program(PARKAN_NPM npm)
  if(NOT PARKAN_NPM)
    message(FATAL_ERROR "parkan view needs three.js: install npm (scripts/install-deps does), or set PARKAN_THREE_DIR")
  endif()
  set(three_prefix ${PROJECT_BINARY_DIR}/npm-three)
  set(three_dir ${three_prefix}/node_modules/three)
  # Installed when the build folder is configured, not by a build step: a custom command would be
  # scheduled after the libraries' compiles (Ninja starts ready jobs in declaration order, and
  # custom commands come last), and the CLI's compile waits for the page it embeds.
  set(three_stamp ${three_dir}/package.json)
  set(three_installed)
  if(EXISTS ${three_stamp})
    file(READ ${three_stamp} three_package)
    string(JSON three_installed ERROR_VARIABLE three_json_error GET "${three_package}" version)
  endif()
  if(NOT three_installed STREQUAL PARKAN_THREE_VERSION)
    message(STATUS "npm: three ${PARKAN_THREE_VERSION} into ${three_prefix}")
    execute_process(
      COMMAND ${PARKAN_NPM} install --prefix ${three_prefix} --no-audit --no-fund --prefer-offline --loglevel=error
              three@${PARKAN_THREE_VERSION}
      RESULT_VARIABLE npm_result)
    if(NOT npm_result EQUAL 0 OR NOT EXISTS ${three_stamp})
      message(FATAL_ERROR "npm could not install three ${PARKAN_THREE_VERSION} into ${three_prefix} (exit ${npm_result})")
    endif()
  endif()
endif()

set(embed_arguments)
set(embed_inputs)
file(GLOB PARKAN_VIEW_PAGE_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/apps/parkan/view/*.html
  ${PROJECT_SOURCE_DIR}/apps/parkan/view/*.js ${PROJECT_SOURCE_DIR}/apps/parkan/view/*.css)
foreach(file IN LISTS PARKAN_VIEW_PAGE_FILES)
  get_filename_component(name ${file} NAME)
  list(APPEND embed_arguments "/app/${name}=${file}")
  list(APPEND embed_inputs ${file})
endforeach()
foreach(pair IN LISTS PARKAN_THREE_FILES)
  string(REPLACE "=" ";" parts "${pair}")
  list(GET parts 0 url)
  list(GET parts 1 relative)
  list(APPEND embed_arguments "${url}=${three_dir}/${relative}")
  list(APPEND embed_inputs ${three_stamp})
endforeach()

if(CMAKE_CROSSCOMPILING)
  # The tool runs during the build, on the build machine: compiled with the host's compiler (the
  # cross compiler's .exe would need Wine).
  find_program(PARKAN_HOST_CXX NAMES c++ g++ clang++ REQUIRED)
  set(embed_tool ${PROJECT_BINARY_DIR}/host/embed_files)
  add_custom_command(OUTPUT ${embed_tool}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/host
    COMMAND ${PARKAN_HOST_CXX} -std=c++20 -O1 ${PROJECT_SOURCE_DIR}/cmake/embed_files.cpp -o ${embed_tool}
    DEPENDS ${PROJECT_SOURCE_DIR}/cmake/embed_files.cpp
    COMMENT "host tool: embed_files")
else()
  add_executable(parkan_embed_files ${PROJECT_SOURCE_DIR}/cmake/embed_files.cpp)
  set(embed_tool parkan_embed_files)
endif()
set(PARKAN_VIEW_ASSETS_CPP ${PROJECT_BINARY_DIR}/generated/view_assets_data.cpp)
add_custom_command(OUTPUT ${PARKAN_VIEW_ASSETS_CPP}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/generated
  COMMAND ${embed_tool} ${PARKAN_VIEW_ASSETS_CPP} ${embed_arguments}
  DEPENDS ${embed_tool} ${embed_inputs}
  COMMENT "embedding the viewer's page and three.js")
# The generated file is data only: compiled without optimization, in an object library of its own.
# Not one of the CLI's sources, because Ninja runs a target's custom commands (npm, the embedding)
# only after every library the target links is built, and the CLI's own files wait for its
# generated sources: the CLI's largest compile would start last, on one core.
add_library(parkan_view_assets OBJECT ${PARKAN_VIEW_ASSETS_CPP})
target_include_directories(parkan_view_assets PRIVATE ${PROJECT_SOURCE_DIR}/apps/parkan)
target_compile_options(parkan_view_assets PRIVATE $<IF:$<CXX_COMPILER_ID:MSVC>,/Od,-O0>)
target_sources(parkan_cli PRIVATE $<TARGET_OBJECTS:parkan_view_assets>)
target_include_directories(parkan_cli PRIVATE ${PROJECT_SOURCE_DIR}/apps/parkan)
