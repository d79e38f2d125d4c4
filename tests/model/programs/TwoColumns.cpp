// SPDX-License-Identifier: MIT
// two-columns(N) (docs/algorithms.md, "Oracles"): main and one child each take one mutex N times; no join.
// Max-configs C(2N, N).
#include "tests/model/Programs.hpp"

namespace weft::model {
namespace {

class TwoColumns final : public ModelProgram {
public:
    explicit TwoColumns(int rounds) : m_rounds(rounds) {}
    std::string name() const override { return "two-columns(" + std::to_string(m_rounds) + ")"; }
    void reset() override { m_count = 0; }

    ModelTask main(ModelThread &self) override {
        co_await self.create([this](ModelThread &t) { return column(t); });
        for (int x = 0; x < m_rounds;
             ++x) { // the same column, inline (a ModelTask is not awaitable)
            co_await self.lock(kM);
            ++m_count;
            co_await self.unlock(kM);
        }
    }

private:
    enum { kM = 1 };
    ModelTask column(ModelThread &self) {
        for (int x = 0; x < m_rounds; ++x) {
            co_await self.lock(kM);
            ++m_count;
            co_await self.unlock(kM);
        }
    }
    int m_rounds;
    int m_count = 0;
};

} // namespace

std::unique_ptr<ModelProgram> makeTwoColumns(int rounds) {
    return std::make_unique<TwoColumns>(rounds);
}

} // namespace weft::model
