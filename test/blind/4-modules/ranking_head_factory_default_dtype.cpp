// scenario: a ranking service builds its scoring head from a config string while an RAII guard sets float64 as the default dtype for the calibration math
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

// Sets the process-wide default dtype for a scope and restores it afterwards.
class DefaultDtypeScope {
 public:
  explicit DefaultDtypeScope(caffe2::TypeMeta dtype)
      : saved_(torch::get_default_dtype()) {
    torch::set_default_dtype(dtype);
  }
  ~DefaultDtypeScope() { torch::set_default_dtype(saved_); }
  DefaultDtypeScope(const DefaultDtypeScope &) = delete;
  DefaultDtypeScope &operator=(const DefaultDtypeScope &) = delete;

 private:
  caffe2::TypeMeta saved_;
};

struct ScoringHead {
  virtual ~ScoringHead() = default;
  virtual torch::Tensor score(const torch::Tensor &features) = 0;
};

struct LinearHead : ScoringHead {
  explicit LinearHead(int64_t dim) : proj(dim, 1) {}
  torch::Tensor score(const torch::Tensor &features) override {
    return proj(features).squeeze(-1);
  }
  torch::nn::Linear proj;
};

struct MlpHead : ScoringHead {
  MlpHead(int64_t dim, int64_t hidden) : fc1(dim, hidden), fc2(hidden, 1) {}
  torch::Tensor score(const torch::Tensor &features) override {
    torch::Tensor h = torch::gelu(fc1(features)); // BUG
    return fc2(h).squeeze(-1);
  }
  torch::nn::Linear fc1, fc2;
};

std::shared_ptr<ScoringHead> make_head(const std::string &kind, int64_t dim) {
  if (kind == "linear") return std::make_shared<LinearHead>(dim);
  if (kind == "mlp") return std::make_shared<MlpHead>(dim, 4 * dim);
  throw std::invalid_argument("unknown head kind: " + kind);
}

int main() {
  const int64_t dim = 24, candidates = 100;
  std::shared_ptr<ScoringHead> head;
  torch::Tensor temperature;
  {
    // Calibration constants are fit in float64; the head happens to be built here too.
    DefaultDtypeScope calib_scope(caffe2::TypeMeta::Make<double>());
    head = make_head("mlp", dim);
    temperature = torch::tensor({1.7});
  }

  // Candidate features come out of the feature store as float32.
  torch::Tensor features = torch::randn({candidates, dim});
  torch::Tensor scores = head->score(features) / temperature;
  auto [top_scores, top_ids] = scores.topk(10);
  std::cout << "top candidates " << top_ids << "\n";
  return 0;
}
