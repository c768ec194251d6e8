// scenario: an inference engine class builds its model in setup() and loads float64 normalization statistics in load(), standardizing requests before the forward pass
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <stdexcept>
#include <vector>

class InferenceEngine {
 public:
  explicit InferenceEngine(int64_t num_features) : num_features_(num_features) {}

  void setup(int64_t hidden, int64_t outputs) {
    model_ = torch::nn::Sequential(torch::nn::Linear(num_features_, hidden), torch::nn::ReLU(),
                                   torch::nn::Linear(hidden, outputs));
    model_->eval();
  }

  void load(std::vector<double> mean, std::vector<double> stddev) {
    mean_ = torch::from_blob(mean.data(), {num_features_}, torch::kFloat64).clone();
    stddev_ = torch::from_blob(stddev.data(), {num_features_}, torch::kFloat64).clone();
    stddev_ = stddev_.clamp_min(1e-6);
    ready_ = true;
  }

  torch::Tensor predict(const torch::Tensor& rows) {
    if (!ready_)
      throw std::runtime_error("engine used before load()");
    torch::NoGradGuard no_grad;
    torch::Tensor standardized = (rows - mean_) / stddev_;
    torch::Tensor scores = model_->forward(standardized); // BUG
    return scores.softmax(1);
  }

 private:
  int64_t num_features_;
  torch::nn::Sequential model_{nullptr};
  torch::Tensor mean_;
  torch::Tensor stddev_;
  bool ready_ = false;
};

int main() {
  const int64_t num_features = 5;
  InferenceEngine engine(num_features);
  engine.setup(/*hidden=*/16, /*outputs=*/3);
  engine.load({12.5, 0.3, 140.0, 7.2, 0.05}, {3.1, 0.1, 22.0, 1.9, 0.02});

  torch::Tensor requests = torch::tensor({{13.0f, 0.25f, 150.0f, 6.9f, 0.04f},
                                          {9.5f, 0.41f, 118.0f, 8.8f, 0.07f}});
  torch::Tensor probs = engine.predict(requests);
  std::cout << probs << "\n";
  return 0;
}
