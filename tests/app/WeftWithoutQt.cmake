# The `weft` command links no Qt and runs every subcommand but `gui` without a display:
# cmake -DWEFT=<path of weft> -DPROGRAM=<a C file with a defect> -P WeftWithoutQt.cmake
execute_process(COMMAND readelf -d "${WEFT}" OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "readelf failed on ${WEFT}")
endif()
string(REGEX MATCHALL "\\[libQt[^]]*\\]" qt "${dynamic}")
if(qt)
  message(FATAL_ERROR "weft links Qt: ${qt}")
endif()
foreach(args "explore;${PROGRAM};--quiet" "replay;${PROGRAM};--schedule;0" "--version" "--help")
  execute_process(COMMAND env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "${WEFT}" ${args}
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code MATCHES "^[01]$")
    message(FATAL_ERROR "weft ${args} without a display: exit ${code}\n${out}${err}")
  endif()
endforeach()
