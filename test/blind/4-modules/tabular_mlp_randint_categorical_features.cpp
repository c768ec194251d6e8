// scenario: tabular MLP module fed synthetic categorical codes from randint (int64) straight into its first Linear layer
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

struct TabularNetImpl : torch::nn::Module {
  TabularNetImpl(int64_t in, int64_t hidden, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        drop(register_module("drop", torch::nn::Dropout(0.1))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, out))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    torch::Tensor h = torch::relu(fc1->forward(x)); // BUG
    return fc2->forward(drop->forward(h));
  }

  torch::nn::Linear fc1;
  torch::nn::Dropout drop;
  torch::nn::Linear fc2;
};
TORCH_MODULE(TabularNet);

int main() {
  torch::manual_seed(103);
  const int64_t n = 32, cols = 6;
  TabularNet net(cols, 16, 2);
  torch::optim::Adam opt(net->parameters(), 1e-3);

  // Synthetic smoke-test data: category codes per column, label from parity.
  torch::Tensor codes = torch::randint(0, 10, {n, cols});
  torch::Tensor label = codes.sum(1).remainder(2);

  net->train();
  opt.zero_grad();
  torch::Tensor logits = net->forward(codes);
  torch::Tensor loss = torch::nn::functional::cross_entropy(logits, label);
  loss.backward();
  opt.step();
  std::cout << "smoke-test loss " << loss.item<float>() << "\n";
  return 0;
}
