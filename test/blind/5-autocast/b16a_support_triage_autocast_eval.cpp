// scenario: a support-ticket triage model is evaluated on the nightly sample under a CPU autocast scope; the bf16 logits are brought back to float32 before they are cached, mixed with float priors and scored, int32 labels are widened to int64 for the loss, and accuracy averages a Bool tensor after converting it
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <cstdint>
#include <iostream>
#include <map>
#include <string>
#include <vector>

class AutocastCpu {
public:
  AutocastCpu() : enabled_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  }
  ~AutocastCpu() {
    at::autocast::set_cpu_enabled(enabled_);
    at::autocast::clear_cache();
  }

private:
  bool enabled_;
};

struct TriageModelImpl : torch::nn::Module {
  TriageModelImpl(int64_t vocab, int64_t dim, int64_t queues)
      : embed(register_module("embed", torch::nn::EmbeddingBag(
                                           torch::nn::EmbeddingBagOptions(vocab, dim)))),
        head(register_module("head", torch::nn::Linear(dim, queues))) {}
  torch::Tensor forward(const torch::Tensor &tokens, const torch::Tensor &offsets) {
    return head->forward(embed->forward(tokens, offsets));
  }
  torch::nn::EmbeddingBag embed;
  torch::nn::Linear head;
};
TORCH_MODULE(TriageModel);

int main() {
  torch::manual_seed(6);
  const int64_t vocab = 500, queues = 5;
  TriageModel model(vocab, 24, queues);
  model->eval();

  auto tokens = torch::randint(vocab, {40});
  auto offsets = torch::arange(0, 40, 5);
  std::vector<int32_t> labelColumn = {0, 3, 1, 4, 2, 2, 0, 1}; // int32 in the ticket export
  auto labels = torch::from_blob(labelColumn.data(), {8}, torch::kInt32).to(torch::kLong);
  auto priors = torch::tensor({0.3, 0.2, 0.2, 0.2, 0.1}, torch::kFloat).log();

  std::map<std::string, torch::Tensor> report;
  {
    torch::NoGradGuard noGrad;
    AutocastCpu autocast;
    auto logits = model->forward(tokens, offsets);
    report["logits"] = logits.to(torch::kFloat);
    report["loss"] = torch::nn::functional::cross_entropy(logits, labels);
    report["mixed"] = torch::cat({logits, priors.expand({8, queues})}, 0);
  }
  auto calibrated = report.at("logits") + priors;
  auto scores = torch::mm(calibrated.softmax(-1), torch::eye(queues));
  auto correct = scores.argmax(-1) == labels;
  auto accuracy = correct.to(torch::kFloat).mean();
  std::cout << "loss " << report.at("loss").item<double>() << " accuracy "
            << accuracy.item<double>() << " mixed " << report.at("mixed").scalar_type() << "\n";
  return 0;
}
