// scenario: prototype classifier whose feature bank is compacted to float16 once the encoder is frozen
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace {

constexpr int64_t kWays = 5;
constexpr int64_t kShotsPerWay = 20;
constexpr int64_t kInputDim = 24;
constexpr int64_t kEmbedDim = 12;
constexpr int kEpochs = 6;
constexpr int kFreezeEpoch = 3;

torch::Tensor class_prototypes(const torch::Tensor &bank, const torch::Tensor &labels) {
  std::vector<torch::Tensor> protos;
  for (int64_t c = 0; c < kWays; ++c)
    protos.push_back(bank.index({labels == c}).mean(0));
  return torch::stack(protos);
}

} // namespace

int main() {
  torch::manual_seed(11);
  auto support_x = torch::randn({kWays * kShotsPerWay, kInputDim});
  auto support_y = torch::arange(kWays, torch::kLong).repeat_interleave(kShotsPerWay);
  auto query_x = torch::randn({64, kInputDim});
  auto query_y = torch::randint(0, kWays, {64}, torch::kLong);

  torch::nn::Linear encoder(kInputDim, kEmbedDim);
  torch::optim::Adam optimizer(encoder->parameters(), torch::optim::AdamOptions(1e-2));

  torch::Tensor bank = encoder(support_x).detach();
  bool frozen = false;

  for (int epoch = 0; epoch < kEpochs; ++epoch) {
    if (!frozen) {
      auto protos = class_prototypes(encoder(support_x), support_y);
      auto logits = torch::mm(encoder(query_x), protos.t());
      auto loss = torch::nn::functional::cross_entropy(logits, query_y);
      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
      bank = encoder(support_x).detach();
    }

    if (epoch == kFreezeEpoch) {
      // The encoder no longer changes, so the bank only has to be read from now on.
      encoder->eval();
      for (auto &p : encoder->parameters())
        p.requires_grad_(false);
      bank = bank.to(torch::kHalf);
      frozen = true;
    }

    auto protos = class_prototypes(bank, support_y);
    auto support_scores = torch::mm(bank, protos.t()); // BUG
    auto support_acc = support_scores.argmax(1).eq(support_y).sum().item<int64_t>();
    std::cout << "epoch " << epoch << " support acc "
              << static_cast<double>(support_acc) / support_y.size(0)
              << (frozen ? " (frozen)" : "") << "\n";
  }
  return 0;
}
