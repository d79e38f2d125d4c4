// SPDX-License-Identifier: MIT
// Which clues Alt computes (docs/algorithms.md, "Alternatives"): optimal alternatives, k-partial alternatives
// (k = 1 is "only-last"), or the source-DPOR emulation. DPU numbers them -1, 0, 1, 2, ...
#pragma once

#include <string>

namespace weft {

struct AltPolicy {
    enum class Kind { Optimal, KPartial, SourceDpor };
    Kind kind = Kind::Optimal;
    unsigned k = 0; ///< for KPartial, ≥ 1

    static AltPolicy optimal() { return {Kind::Optimal, 0}; }
    static AltPolicy kPartial(unsigned k) { return {Kind::KPartial, k < 1 ? 1 : k}; }
    static AltPolicy sourceDpor() { return {Kind::SourceDpor, 1}; }
    /// DPU's -k numbering: -1 source-DPOR emulation, 0 optimal, k ≥ 1 k-partial.
    static AltPolicy fromNumber(int n) {
        return n < 0 ? sourceDpor() : n == 0 ? optimal() : kPartial(static_cast<unsigned>(n));
    }
    int number() const { return kind == Kind::SourceDpor ? -1 : kind == Kind::Optimal ? 0 : int(k); }
    bool isOptimal() const { return kind == Kind::Optimal; }
    /// "optimal", "k=2", "source-DPOR".
    std::string name() const {
        return kind == Kind::Optimal ? "optimal" : kind == Kind::SourceDpor ? "source-DPOR" : "k=" + std::to_string(k);
    }
};

} // namespace weft
