// scenario: a runner object configures a tabular network to float16 in set_precision() after construction and casts numeric inputs to the stored dtype
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <memory>

struct TabularNet : torch::nn::Module {
  TabularNet(int64_t categories, int64_t numeric_features)
      : category_embedding(register_module("category_embedding", torch::nn::Embedding(categories, 8))) {
    hidden = register_module("hidden", torch::nn::Linear(8 + numeric_features, 32));
    head = register_module("head", torch::nn::Linear(32, 1));
  }

  torch::Tensor forward(const torch::Tensor& category_ids, const torch::Tensor& numeric) {
    torch::Tensor x = torch::cat({category_embedding(category_ids), numeric}, 1);
    x = hidden(x); // BUG
    return head(torch::relu(x));
  }

  torch::nn::Embedding category_embedding;
  torch::nn::Linear hidden{nullptr}, head{nullptr};
};

struct RunnerConfig {
  bool half_precision = false;
  int64_t categories = 20;
  int64_t numeric_features = 6;
};

class Runner {
 public:
  explicit Runner(const RunnerConfig& config)
      : net_(std::make_shared<TabularNet>(config.categories, config.numeric_features)) {
    net_->eval();
  }

  void set_precision(torch::Dtype dtype) {
    dtype_ = dtype;
    net_->to(dtype);
  }

  void configure(const RunnerConfig& config) {
    if (config.half_precision)
      set_precision(torch::kFloat16);
  }

  torch::Tensor predict(const torch::Tensor& category_ids, const torch::Tensor& numeric) {
    torch::NoGradGuard no_grad;
    return net_->forward(category_ids, numeric.to(dtype_)).to(torch::kFloat32);
  }

 private:
  std::shared_ptr<TabularNet> net_;
  torch::Dtype dtype_ = torch::kFloat32;
};

int main() {
  RunnerConfig config;
  config.half_precision = true;
  Runner runner(config);
  runner.configure(config);

  torch::Tensor ids = torch::randint(0, config.categories, {10});
  torch::Tensor numeric = torch::randn({10, config.numeric_features});
  torch::Tensor price = runner.predict(ids, numeric);
  std::cout << "predicted " << price.squeeze(1) << "\n";
  return 0;
}
