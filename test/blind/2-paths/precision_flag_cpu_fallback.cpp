// scenario: training script parses a precision flag; the fp16 branch was meant for GPUs but runs on the CPU fallback too
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

struct RunConfig {
  std::string precision = "fp32";
  int epochs = 1;
  double lr = 1e-3;
};

RunConfig parse_args(const std::string& line) {
  RunConfig cfg;
  std::istringstream in(line);
  std::string tok;
  while (in >> tok) {
    auto eq = tok.find('=');
    if (eq == std::string::npos) continue;
    auto key = tok.substr(0, eq), value = tok.substr(eq + 1);
    if (key == "precision") cfg.precision = value;
    else if (key == "epochs") cfg.epochs = std::stoi(value);
    else if (key == "lr") cfg.lr = std::stod(value);
  }
  return cfg;
}

int main() {
  RunConfig cfg = parse_args("precision=fp16 epochs=2 lr=0.01");
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  torch::nn::Sequential net(torch::nn::Linear(32, 64), torch::nn::GELU(), torch::nn::Linear(64, 10));
  net->to(device);
  auto compute_dtype = torch::kFloat;
  if (cfg.precision == "fp16" || cfg.precision == "half") {
    compute_dtype = torch::kHalf;
    net->to(compute_dtype);
  }
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(cfg.lr));

  for (int epoch = 0; epoch < cfg.epochs; ++epoch) {
    auto x = torch::randn({8, 32}, device).to(compute_dtype);
    auto y = torch::randint(10, {8}, torch::TensorOptions().dtype(torch::kLong).device(device));
    opt.zero_grad();
    auto logits = net->forward(x); // BUG
    auto loss = torch::nn::functional::cross_entropy(logits.to(torch::kFloat), y);
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
