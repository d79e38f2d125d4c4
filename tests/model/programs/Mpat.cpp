// SPDX-License-Identifier: MIT
// MPAT(K), the "M pattern" (docs/algorithms.md, "Oracles"): K pairs wa(i)/ra(i) meet on ma[i]; every ra also
// takes mi around its critical section. Max-configs 2^K · K!.
#include "tests/model/Programs.hpp"

namespace weft::model {
namespace {

class Mpat final : public ModelProgram {
public:
    explicit Mpat(int pairs) : m_pairs(pairs) {}
    std::string name() const override { return "mpat(" + std::to_string(m_pairs) + ")"; }

    ModelTask main(ModelThread &self) override {
        for (int i = 0; i < m_pairs; ++i) {
            co_await self.create([i](ModelThread &t) { return wa(t, i); });
            co_await self.create([i](ModelThread &t) { return ra(t, i); });
        }
        // pthread_exit(0)
    }

private:
    enum { kMi = 1, kMa = 100 };
    static ModelTask wa(ModelThread &self, int i) {
        co_await self.lock(kMa + i);
        co_await self.unlock(kMa + i);
    }
    static ModelTask ra(ModelThread &self, int i) {
        co_await self.lock(kMi);
        co_await self.lock(kMa + i);
        co_await self.unlock(kMa + i);
        co_await self.unlock(kMi);
    }
    int m_pairs;
};

} // namespace

std::unique_ptr<ModelProgram> makeMpat(int pairs) {
    return std::make_unique<Mpat>(pairs);
}

} // namespace weft::model
