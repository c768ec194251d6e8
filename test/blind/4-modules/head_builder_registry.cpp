// scenario: a multi-head inference service builds its MLP heads with a fluent builder and runs every registered head on each feature batch
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <string>
#include <utility>
#include <vector>

class MlpBuilder {
public:
  MlpBuilder &inputs(int64_t n) {
    in_ = n;
    return *this;
  }
  MlpBuilder &hidden(std::vector<int64_t> widths) {
    hidden_ = std::move(widths);
    return *this;
  }
  MlpBuilder &outputs(int64_t n) {
    out_ = n;
    return *this;
  }
  MlpBuilder &dropout(double p) {
    dropout_ = p;
    return *this;
  }
  MlpBuilder &precision(torch::Dtype dt) {
    dtype_ = dt;
    return *this;
  }

  torch::nn::Sequential build() const {
    torch::nn::Sequential seq;
    int64_t width = in_;
    for (auto h : hidden_) {
      seq->push_back(torch::nn::Linear(width, h));
      seq->push_back(torch::nn::GELU());
      if (dropout_ > 0)
        seq->push_back(torch::nn::Dropout(dropout_));
      width = h;
    }
    seq->push_back(torch::nn::Linear(width, out_));
    seq->to(dtype_);
    return seq;
  }

private:
  int64_t in_ = 0, out_ = 0;
  std::vector<int64_t> hidden_;
  double dropout_ = 0.0;
  torch::Dtype dtype_ = torch::kFloat;
};

class HeadRegistry {
public:
  void add(const std::string &name, torch::nn::Sequential head) {
    heads_.emplace(name, std::move(head));
  }

  std::map<std::string, torch::Tensor> runAll(const torch::Tensor &features) {
    torch::NoGradGuard noGrad;
    std::map<std::string, torch::Tensor> out;
    for (auto &kv : heads_)
      out[kv.first] = kv.second->forward(features); // BUG
    return out;
  }

private:
  std::map<std::string, torch::nn::Sequential> heads_;
};

int main() {
  torch::manual_seed(11);
  const int64_t featureDim = 24;

  HeadRegistry registry;
  auto ctr = MlpBuilder().inputs(featureDim).hidden({64, 32}).outputs(1).dropout(0.1).build();
  // Calibrated probabilities feed a billing report; keep that head in double.
  auto calibration = MlpBuilder()
                         .inputs(featureDim)
                         .hidden({16})
                         .outputs(1)
                         .precision(torch::kFloat64)
                         .build();
  ctr->eval();
  calibration->eval();
  registry.add("ctr", ctr);
  registry.add("calibration", calibration);

  auto features = torch::randn({16, featureDim});
  auto outputs = registry.runAll(features);
  for (const auto &kv : outputs)
    std::cout << kv.first << ": mean " << kv.second.mean().item<double>()
              << "\n";
  return 0;
}
