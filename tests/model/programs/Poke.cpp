// SPDX-License-Identifier: MIT
// POL(N, K), poke a thread pool (docs/algorithms.md, "Oracles", `poke.c`): K rounds of a `choice` thread
// moving the index i while a reader `ra` consumes a[i] under ma[i]. Two forms with one unfolding:
// Table 1's (final asserts) and DPU's regression test (tests/regression/ssbs/poke.c, no asserts).
#include "tests/model/Programs.hpp"

#include <vector>

namespace weft::model {
namespace {

class Poke final : public ModelProgram {
public:
    Poke(int workers, int rounds, bool regression)
        : m_workers(workers), m_rounds(rounds), m_regression(regression) {}
    std::string name() const override {
        return std::string(m_regression ? "poke-regression(" : "poke(") +
               std::to_string(m_workers) + "," + std::to_string(m_rounds) + ")";
    }
    void reset() override {
        m_a.assign(m_workers, 0);
        m_i = 0;
        m_d = 0;
    }

    ModelTask main(ModelThread &self) override {
        std::vector<ThreadId> pool;
        for (int x = 0; x < m_workers; ++x) {
            m_a[x] = 0;
            pool.push_back(
                ThreadId(co_await self.create([this, x](ModelThread &t) { return wa(t, x); })));
        }
        for (int r = 0; r < m_rounds; ++r) {
            const auto chooser =
                ThreadId(co_await self.create([this](ModelThread &t) { return choice(t); }));
            const auto reader =
                ThreadId(co_await self.create([this](ModelThread &t) { return ra(t); }));
            co_await self.join(chooser);
            co_await self.join(reader);
        }
        if (!m_regression)
            co_await self.check(0 <= m_d && m_d <= m_workers, "0 <= d && d <= N");
        // The regression form still joins the pool before its pthread_exit: the reading that gives
        // Table 1's counts (without these joins every configuration has N events fewer).
        for (ThreadId t : pool)
            co_await self.join(t);
        if (m_regression)
            co_return; // pthread_exit(0)
        for (int x = 0; x < m_workers; ++x)
            m_d += m_a[x] != 0;
        co_await self.check(m_d == m_workers, "d == N");
    }

private:
    enum { kMi = 1, kMa = 100 };
    ModelTask choice(ModelThread &self) {
        for (int x = 1; x < m_workers; ++x) {
            co_await self.lock(kMi);
            m_i = x;
            co_await self.unlock(kMi);
        }
    }
    ModelTask wa(ModelThread &self, int id) {
        co_await self.lock(kMa + id);
        m_a[id] = 1;
        co_await self.unlock(kMa + id);
    }
    ModelTask ra(ModelThread &self) {
        co_await self.lock(kMi);
        const int idx = m_i;
        co_await self.unlock(kMi);
        co_await self.lock(kMa + idx);
        if (m_a[idx] == 1) {
            ++m_d;
            m_a[idx] = 0;
        }
        co_await self.unlock(kMa + idx);
    }
    int m_workers;
    int m_rounds;
    bool m_regression;
    std::vector<int> m_a;
    int m_i = 0;
    int m_d = 0;
};

} // namespace

std::unique_ptr<ModelProgram> makePoke(int workers, int rounds) {
    return std::make_unique<Poke>(workers, rounds, false);
}
std::unique_ptr<ModelProgram> makePokeRegression(int workers, int rounds) {
    return std::make_unique<Poke>(workers, rounds, true);
}

} // namespace weft::model
