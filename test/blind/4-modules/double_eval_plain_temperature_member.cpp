// scenario: evaluates a calibrated classifier in float64; the temperature and class prior are plain tensor members left in float32, used only elementwise
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct BlockImpl : torch::nn::Module {
  explicit BlockImpl(int64_t dim) : fc(register_module("fc", torch::nn::Linear(dim, dim))) {}
  torch::Tensor forward(const torch::Tensor& x) { return x + torch::gelu(fc(x)); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Block);

struct CalibratedClassifierImpl : torch::nn::Module {
  CalibratedClassifierImpl(int64_t dim, int64_t classes, int64_t depth) {
    for (int64_t i = 0; i < depth; ++i)
      trunk->push_back(Block(dim));
    register_module("trunk", trunk);
    head = register_module("head", torch::nn::Linear(dim, classes));
    temperature = torch::full({1}, 1.5);
    log_prior = torch::log_softmax(torch::randn({classes}), 0);
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto logits = head(trunk->forward(x));
    return logits / temperature + log_prior;
  }

  torch::nn::Sequential trunk;
  torch::nn::Linear head{nullptr};
  torch::Tensor temperature;
  torch::Tensor log_prior;
};
TORCH_MODULE(CalibratedClassifier);

int main() {
  torch::manual_seed(2);
  const int64_t dim = 16, classes = 5;

  CalibratedClassifier model(dim, classes, 3);
  model->to(torch::kFloat64);
  model->eval();

  auto inputs = torch::randn({32, dim}, torch::kFloat64);
  auto labels = torch::randint(0, classes, {32});

  torch::NoGradGuard no_grad;
  auto logits = model->forward(inputs);
  auto nll = torch::nn::functional::cross_entropy(logits, labels);
  auto probs = torch::softmax(logits, 1);
  auto confidence = std::get<0>(probs.max(1));
  auto correct = probs.argmax(1).eq(labels);
  auto accuracy = correct.sum().item<double>() / labels.size(0);
  auto ece = (confidence - correct.to(torch::kFloat64)).abs().mean();

  std::cout << "logits dtype: " << logits.scalar_type() << "\n";
  std::cout << "nll " << nll.item<double>() << " acc " << accuracy << " ece " << ece.item<double>() << "\n";
  return 0;
}
