// scenario: a label decoder for a C data feed returns int32 class ids; the training step feeds them to nll_loss
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace {

torch::Tensor decode_labels(const std::vector<std::string>& rows) {
  std::vector<int32_t> ids;
  ids.reserve(rows.size());
  for (const auto& r : rows) ids.push_back(static_cast<int32_t>(std::stoi(r.substr(r.find(',') + 1))));
  return torch::from_blob(ids.data(), {static_cast<int64_t>(ids.size())}, torch::kInt32).clone();
}

struct StepResult {
  double loss;
  int64_t correct;
};

StepResult train_step(torch::nn::Sequential& net, torch::optim::Optimizer& opt,
                      const torch::Tensor& x, const torch::Tensor& y) {
  opt.zero_grad();
  torch::Tensor logp = torch::log_softmax(net->forward(x), 1);
  torch::Tensor loss = torch::nll_loss(logp, y); // BUG
  loss.backward();
  opt.step();
  return {loss.item<double>(), logp.argmax(1).eq(y).sum().item<int64_t>()};
}

} // namespace

int main() {
  torch::manual_seed(73);
  std::vector<std::string> feed = {"img0,2", "img1,0", "img2,1", "img3,2", "img4,1"};
  torch::Tensor y = decode_labels(feed);
  torch::Tensor x = torch::randn({5, 7});

  torch::nn::Sequential net(torch::nn::Linear(7, 16), torch::nn::Tanh(),
                            torch::nn::Linear(16, 3));
  torch::optim::SGD opt(net->parameters(), 0.05);
  StepResult r = train_step(net, opt, x, y);
  std::cout << "loss " << r.loss << " correct " << r.correct << "\n";
  return 0;
}
