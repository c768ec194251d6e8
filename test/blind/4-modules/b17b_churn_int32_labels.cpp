// scenario: a churn classifier trainer whose dataset parses the label column into int32 and a CrossEntropyLoss member receives it as the target
// tier: 4
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace {

struct Row {
  float tenure_months;
  float monthly_charges;
  float support_calls;
  int64_t plan;  // categorical: 0 = basic, 1 = plus, 2 = family
  int32_t label; // 0 = stays, 1 = churns
};

struct Batch {
  torch::Tensor numeric; // float [B, 3]
  torch::Tensor plan;    // int64 [B]
  torch::Tensor target;  // class ids [B]
};

class ChurnDataset {
public:
  explicit ChurnDataset(const std::vector<Row> &rows) {
    std::vector<float> numeric;
    std::vector<int64_t> plans;
    for (const Row &r : rows) {
      numeric.insert(numeric.end(), {r.tenure_months, r.monthly_charges, r.support_calls});
      plans.push_back(r.plan);
      labels_.push_back(r.label);
    }
    const int64_t n = static_cast<int64_t>(rows.size());
    numeric_ = torch::tensor(numeric).view({n, 3});
    plan_ = torch::tensor(plans);
    target_ = torch::from_blob(labels_.data(), {n}, torch::kInt32);
  }

  Batch batch(int64_t begin, int64_t end) const {
    return {numeric_.slice(0, begin, end), plan_.slice(0, begin, end), target_.slice(0, begin, end)};
  }
  int64_t size() const { return numeric_.size(0); }

private:
  std::vector<int32_t> labels_;
  torch::Tensor numeric_, plan_, target_;
};

class ChurnModelImpl : public torch::nn::Module {
public:
  ChurnModelImpl(int64_t num_plans, int64_t hidden)
      : plan_emb_(register_module("plan_emb", torch::nn::Embedding(num_plans, 4))),
        mlp_(register_module("mlp", torch::nn::Sequential(torch::nn::Linear(3 + 4, hidden),
                                                          torch::nn::ReLU(),
                                                          torch::nn::Linear(hidden, 2)))) {}

  torch::Tensor forward(const Batch &b) {
    torch::Tensor scaled = b.numeric / torch::tensor({72.0f, 120.0f, 10.0f});
    return mlp_->forward(torch::cat({scaled, plan_emb_(b.plan)}, 1));
  }

  float trainStep(const Batch &b, torch::optim::Optimizer &opt) {
    torch::Tensor logits = forward(b);
    torch::Tensor loss = criterion_(logits, b.target); // BUG
    opt.zero_grad();
    loss.backward();
    opt.step();
    return loss.item<float>();
  }

private:
  torch::nn::Embedding plan_emb_;
  torch::nn::Sequential mlp_;
  torch::nn::CrossEntropyLoss criterion_{torch::nn::CrossEntropyLossOptions().label_smoothing(0.05)};
};
TORCH_MODULE(ChurnModel);

std::vector<Row> syntheticRows(int n) {
  std::vector<Row> rows;
  for (int i = 0; i < n; ++i) {
    const float tenure = static_cast<float>((i * 13) % 72);
    const float calls = static_cast<float>(i % 7);
    rows.push_back({tenure, 20.0f + (i * 37) % 100, calls, i % 3, (calls > 4 && tenure < 24) ? 1 : 0});
  }
  return rows;
}

} // namespace

int main() {
  torch::manual_seed(29);
  ChurnDataset data(syntheticRows(48));
  ChurnModel model(3, 16);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-2));
  const int64_t batch_size = 16;
  for (int epoch = 0; epoch < 3; ++epoch) {
    float total = 0.0f;
    for (int64_t start = 0; start < data.size(); start += batch_size)
      total += model->trainStep(data.batch(start, std::min(start + batch_size, data.size())), opt);
    std::cout << "epoch " << epoch << " loss " << total << "\n";
  }
  return 0;
}
