// SPDX-License-Identifier: MIT
// tests/programs/locked_spin written as Weft runs it in C (README "Spin loops"): each poll of the
// flag under its mutexes is one spin iteration, lock and unlock events included, so the C runs can be
// checked against the brute-force enumeration of this model.
#include "tests/model/Programs.hpp"

namespace weft::model {
namespace {

class LockedSpin final : public ModelProgram {
public:
    explicit LockedSpin(int variant) : m_variant(variant) {}
    std::string name() const override { return "locked-spin(" + std::to_string(m_variant) + ")"; }
    ModelTask main(ModelThread &self) override {
        const int variant = m_variant;
        const auto t = ThreadId(co_await self.create([variant](ModelThread &s) { return setter(s, variant); }));
        for (;;) {
            self.beginSpin();
            co_await self.lock(kM);
            if (variant == 3)
                co_await self.lock(kInner);
            const std::uint64_t done = co_await self.read(kDone);
            const bool seen = done != 0;
            if (variant == 3)
                co_await self.unlock(kInner);
            co_await self.unlock(kM);
            co_await self.endSpin(!seen);
            if (seen)
                break;
        }
        co_await self.join(t);
    }

private:
    enum { kM = 30, kInner = 31, kOther = 32, kDone = 33 };
    int m_variant;

    static ModelTask setter(ModelThread &self, int variant) {
        if (variant == 2) { // (not one co_await in a condition: GCC 12 miscompiles that)
            const std::uint64_t taken = co_await self.trylock(kOther);
            if (taken != 0)
                co_await self.unlock(kOther);
        }
        const int guard = variant == 3 ? kInner : kM;
        co_await self.lock(guard);
        if (variant != 1)
            co_await self.write(kDone, 1);
        co_await self.unlock(guard);
    }
};

} // namespace

std::unique_ptr<ModelProgram> makeLockedSpin(int variant) { return std::make_unique<LockedSpin>(variant); }

} // namespace weft::model
