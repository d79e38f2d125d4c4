// SPDX-License-Identifier: MIT
// libFuzzer's entry point for one target; WEFT_FUZZ_TARGET names it (see CMakeLists.txt).
#include "tests/fuzz/FuzzTargets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    weft::fuzz::WEFT_FUZZ_TARGET(data, size);
    return 0;
}
