// SPDX-License-Identifier: MIT
// ssbexp(K), the lock-based benchmark form of Fig. 1 of the QPOR paper (docs/algorithms.md, "Oracles"):
// the value main reads from `i` decides which writer's mutex it races with.
#include "tests/model/Programs.hpp"

#include <vector>

namespace weft::model {
namespace {

class Ssbexp final : public ModelProgram {
public:
    explicit Ssbexp(int writers) : m_writers(writers) {}
    std::string name() const override { return "ssbexp(" + std::to_string(m_writers) + ")"; }
    void reset() override { m_i = 0; }

    ModelTask main(ModelThread &self) override {
        std::vector<ThreadId> writers;
        for (int x = 0; x < m_writers; ++x)
            writers.push_back(
                ThreadId(co_await self.create([this, x](ModelThread &t) { return writer(t, x); })));
        const auto counter =
            ThreadId(co_await self.create([this](ModelThread &t) { return count(t); }));
        co_await self.lock(kMi);
        const int idx = m_i;
        co_await self.unlock(kMi);
        co_await self.lock(kMa + idx);
        co_await self.unlock(kMa + idx);
        for (ThreadId w : writers)
            co_await self.join(w);
        co_await self.join(counter);
    }

private:
    enum { kMi = 1, kMa = 100 };
    ModelTask count(ModelThread &self) {
        for (int x = 1; x < m_writers; ++x) {
            co_await self.lock(kMi);
            m_i = x;
            co_await self.unlock(kMi);
        }
    }
    static ModelTask writer(ModelThread &self, int x) {
        co_await self.lock(kMa + x);
        co_await self.unlock(kMa + x);
    }
    int m_writers;
    int m_i = 0;
};

} // namespace

std::unique_ptr<ModelProgram> makeSsbexp(int writers) {
    return std::make_unique<Ssbexp>(writers);
}

} // namespace weft::model
