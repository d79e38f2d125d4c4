// SPDX-License-Identifier: MIT
// C files at the compiler's limits, written by the tests at run time (too large to keep in the
// repository): one expression of 10^5 and of 10^6 terms, 10^4 nested blocks, 10^5 nested parentheses
// (both beyond Clang's bracket limit of 256), 10^5 functions. Shared by the CLI and GUI suites.
#pragma once

#include <fstream>
#include <string>
#include <vector>

namespace weft::testing {

struct DeepInput {
    std::string name;   ///< the file's base name
    bool compiles;      ///< else Clang rejects it with an error (bracket nesting), exit code 2
};

inline const std::vector<DeepInput> &deepInputs() {
    static const std::vector<DeepInput> inputs{
        {"terms_1e5", true}, {"terms_1e6", true}, {"blocks_1e4", false}, {"parens_1e5", false}, {"functions_1e5", true}};
    return inputs;
}

/// `int main(void){ int x = 1 + 1 + ... ; return x == 0; }` with `terms` ones: exits 0.
inline std::string longExpression(std::size_t terms) {
    std::string source = "int main(void) { int x = 1";
    source.reserve(terms * 4 + 64);
    for (std::size_t i = 1; i < terms; ++i)
        source += " + 1";
    return source + "; return x == 0; }\n";
}

inline std::string deepSource(const std::string &name) {
    std::string source;
    if (name == "terms_1e5")
        return longExpression(100'000);
    if (name == "terms_1e6")
        return longExpression(1'000'000);
    if (name == "blocks_1e4") {
        source = "int main(void) { int x = 0; ";
        for (int i = 0; i < 10'000; ++i)
            source += "{ ";
        source += "x = 1;";
        for (int i = 0; i < 10'000; ++i)
            source += " }";
        return source + " return x != 1; }\n";
    }
    if (name == "parens_1e5")
        return "int main(void) { int x = " + std::string(100'000, '(') + "1" + std::string(100'000, ')') +
               "; return x != 1; }\n";
    for (int i = 0; i < 100'000; ++i) // functions_1e5
        source += "int f" + std::to_string(i) + "(int a) { return a + " + std::to_string(i) + "; }\n";
    return source + "int main(void) { return f99999(1) != 100000; }\n";
}

/// Writes `name`.c into `dir` and returns its path.
inline std::string writeDeepInput(const std::string &dir, const std::string &name) {
    const std::string path = dir + "/" + name + ".c";
    std::ofstream(path) << deepSource(name);
    return path;
}

} // namespace weft::testing
