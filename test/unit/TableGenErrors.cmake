# Runs torchdtype-tablegen on broken copies of the data files and expects a
# clean failure naming the file and the field (never a crash).
file(MAKE_DIRECTORY ${WORK})
function(expect_failure name api autocast pattern)
  execute_process(COMMAND ${TABLEGEN} api ${api} ${autocast} ${DATA}/cpu_half.json ${WORK}/out.inc
                  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "${name}: expected exit status 1, got '${rc}': ${err}")
  endif()
  if(NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "${name}: message '${err}' does not match '${pattern}'")
  endif()
  message(STATUS "${name}: ok (${err})")
endfunction()

file(READ ${DATA}/api.json api)
file(WRITE ${WORK}/syntax.json "{ \"factories\": ")
expect_failure(syntax ${WORK}/syntax.json ${DATA}/autocast.json "syntax.json: .*parse")
string(REPLACE "\"randn\": \"default_float\"" "\"randn\": \"sometimes\"" bad "${api}")
file(WRITE ${WORK}/badrule.json "${bad}")
expect_failure(badrule ${WORK}/badrule.json ${DATA}/autocast.json
  "badrule.json: field 'factories.randn': unknown value 'sometimes'")
string(REPLACE "\"same_dtype_ops\"" "\"same_dtype_opz\"" bad "${api}")
file(WRITE ${WORK}/missing.json "${bad}")
expect_failure(missing ${WORK}/missing.json ${DATA}/autocast.json
  "missing.json: field 'same_dtype_ops': missing")
# A role of "names" becomes an enumerator of NameRole: it must be snake_case.
string(REPLACE "\"make_shared\":" "\"Make-Shared\":" bad "${api}")
file(WRITE ${WORK}/badrole.json "${bad}")
expect_failure(badrole ${WORK}/badrole.json ${DATA}/autocast.json
  "badrole.json: field 'names.Make-Shared': a role is a snake_case name")
expect_failure(nofile ${WORK}/nonexistent.json ${DATA}/autocast.json
  "nonexistent.json: field '': cannot open file")
file(WRITE ${WORK}/autocast.json "{\"versions\": {\"1.13\": {\"devices\": {\"cuda\": {\"default_dtype\": \"Int\"}}}}}")
expect_failure(autocast_dtype ${DATA}/api.json ${WORK}/autocast.json
  "field 'versions.1.13.devices.cuda.default_dtype': unknown value 'Int'")

# checks.json: a class that does not follow its name, a check listed twice,
# a check that does not say whether it throws.
function(expect_checks_failure name file pattern)
  execute_process(COMMAND ${TABLEGEN} checks ${file} ${WORK}/checks.inc
                  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  if(NOT rc EQUAL 1 OR NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "${name}: exit '${rc}', message '${err}', expected '${pattern}'")
  endif()
  message(STATUS "${name}: ok (${err})")
endfunction()
file(READ ${DATA}/checks.json checks)
string(REPLACE "\"MixedPrecisionCheck\"" "\"MixedCheck\"" bad "${checks}")
file(WRITE ${WORK}/badclass.json "${bad}")
expect_checks_failure(checks_class ${WORK}/badclass.json
  "badclass.json: field '\\[[0-9]+\\].class': 'MixedCheck' should be 'MixedPrecisionCheck'")
string(REPLACE "\"torchdtype-out-dtype\"" "\"torchdtype-mps-float64\"" bad "${checks}")
file(WRITE ${WORK}/twice.json "${bad}")
expect_checks_failure(checks_twice ${WORK}/twice.json "is listed twice")
file(WRITE ${WORK}/empty.json "[]")
expect_checks_failure(checks_empty ${WORK}/empty.json "must be a non-empty array")
string(REPLACE "\"throws\": false," "" bad "${checks}")
file(WRITE ${WORK}/nothrows.json "${bad}")
expect_checks_failure(checks_throws ${WORK}/nothrows.json
  "nothrows.json: field '\\[[0-9]+\\].throws': missing")
