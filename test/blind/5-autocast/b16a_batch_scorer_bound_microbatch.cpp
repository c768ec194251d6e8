// scenario: an offline batch scorer splits requests into micro-batches, runs each through a std::bind'ed step that enables CPU autocast, and scatters the logits back into a preallocated float32 result table with index_copy_
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <functional>
#include <iostream>
#include <vector>

struct AutocastGuard {
  AutocastGuard() : prev(at::autocast::is_cpu_enabled()) {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  }
  ~AutocastGuard() { at::autocast::set_cpu_enabled(prev); }
  bool prev;
};

struct Request {
  int64_t row;            // position in the output table
  torch::Tensor features; // [dim]
};

class BatchScorer {
public:
  BatchScorer(int64_t dim, int64_t classes, bool lowPrecision)
      : net_(torch::nn::Linear(dim, 64), torch::nn::GELU(), torch::nn::Linear(64, classes)),
        lowPrecision_(lowPrecision) {
    net_->eval();
  }

  torch::Tensor runMicroBatch(const torch::Tensor &batch) {
    torch::NoGradGuard noGrad;
    if (!lowPrecision_)
      return net_->forward(batch);
    AutocastGuard autocast;
    return net_->forward(batch);
  }

  torch::nn::Sequential &net() { return net_; }

private:
  torch::nn::Sequential net_;
  bool lowPrecision_;
};

torch::Tensor scoreAll(const std::vector<Request> &requests, int64_t classes,
                       const std::function<torch::Tensor(const torch::Tensor &)> &step,
                       size_t microBatch) {
  auto table = torch::zeros({static_cast<int64_t>(requests.size()), classes});
  for (size_t start = 0; start < requests.size(); start += microBatch) {
    std::vector<torch::Tensor> rows;
    std::vector<int64_t> positions;
    for (size_t i = start; i < std::min(requests.size(), start + microBatch); ++i) {
      rows.push_back(requests[i].features);
      positions.push_back(requests[i].row);
    }
    auto logits = step(torch::stack(rows));
    table.index_copy_(0, torch::tensor(positions, torch::kLong), logits); // BUG
  }
  return table;
}

int main() {
  torch::manual_seed(9);
  const int64_t dim = 20, classes = 4;
  BatchScorer scorer(dim, classes, /*lowPrecision=*/true);
  std::vector<Request> requests;
  for (int64_t i = 0; i < 10; ++i)
    requests.push_back({9 - i, torch::randn({dim})});

  auto step = std::bind(&BatchScorer::runMicroBatch, &scorer, std::placeholders::_1);
  auto table = scoreAll(requests, classes, step, 4);
  std::cout << table.argmax(-1) << "\n";
  return 0;
}
