// SPDX-License-Identifier: MIT
// MPC(P, W), multiple producers and consumers (docs/algorithms.md, "Oracles", `multiprodcon.c`, TASKS = ITERS
// = 2): the order on prodmut decides each producer's destination worker. Main ends with
// pthread_exit.
#include "tests/model/Programs.hpp"

#include <vector>

namespace weft::model {
namespace {

class MultiProdCon final : public ModelProgram {
public:
    MultiProdCon(int producers, int workers) : m_producers(producers), m_workers(workers) {}
    std::string name() const override {
        return "multiprodcon(" + std::to_string(m_producers) + "," + std::to_string(m_workers) +
               ")";
    }
    void reset() override {
        m_workReq.assign(m_workers, 0);
        m_workDone.assign(m_workers, 0);
        m_prodBuff = 0;
    }

    ModelTask main(ModelThread &self) override {
        co_await self.check(m_workers >= 2, "W >= 2");
        for (int id = 0; id < m_workers; ++id)
            co_await self.create([this, id](ModelThread &t) { return worker(t, id); });
        m_prodBuff = 0;
        // producer ids 0..P-1, as the source's loop index (this reading gives the Table-1 counts)
        for (int id = 0; id < m_producers; ++id)
            co_await self.create([this, id](ModelThread &t) { return producer(t, id); });
        // pthread_exit(0)
    }

private:
    enum { kTasks = 2, kIters = 2, kProdMut = 1, kMut = 100 };
    ModelTask worker(ModelThread &self, int id) {
        bool haveWork = false;
        for (int x = 0; x < kTasks; ++x) {
            co_await self.lock(kMut + id);
            if (m_workReq[id] > 0) {
                --m_workReq[id];
                haveWork = true;
            }
            co_await self.unlock(kMut + id);
            if (haveWork) {
                ++m_workDone[id];
                haveWork = false;
            }
        }
    }
    ModelTask producer(ModelThread &self, int id) {
        unsigned tmp = 0;
        for (int x = 0; x < kIters; ++x) {
            co_await self.lock(kProdMut);
            m_prodBuff = m_prodBuff * unsigned(m_producers) + unsigned(id);
            tmp = m_prodBuff;
            co_await self.unlock(kProdMut);
        }
        unsigned bound = 1; // pow(P, ITERS * P)
        for (int x = 0; x < kIters * m_producers; ++x)
            bound *= unsigned(m_producers);
        co_await self.check(tmp <= bound, "tmp <= pow(P, ITERS*P)");
        const int dst = int(tmp % unsigned(m_workers));
        co_await self.lock(kMut + dst);
        ++m_workReq[dst];
        co_await self.unlock(kMut + dst);
    }
    int m_producers;
    int m_workers;
    std::vector<int> m_workReq, m_workDone;
    unsigned m_prodBuff = 0;
};

} // namespace

std::unique_ptr<ModelProgram> makeMultiProdCon(int producers, int workers) {
    return std::make_unique<MultiProdCon>(producers, workers);
}

} // namespace weft::model
