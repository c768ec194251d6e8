// scenario: a mean-teacher setup updates the teacher as an EMA of the student over parameters and then over all buffers, BatchNorm's included
// tier: 4
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>

struct ConvNetImpl : torch::nn::Cloneable<ConvNetImpl> {
  ConvNetImpl() { reset(); }

  void reset() override {
    conv1 = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)));
    bn1 = register_module("bn1", torch::nn::BatchNorm2d(8));
    conv2 = register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(8, 8, 3).padding(1)));
    bn2 = register_module("bn2", torch::nn::BatchNorm2d(8));
    head = register_module("head", torch::nn::Linear(8, 4));
  }

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn1->forward(conv1->forward(x)));
    x = torch::relu(bn2->forward(conv2->forward(x)));
    return head->forward(x.mean({2, 3}));
  }

  torch::nn::Conv2d conv1{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr};
  torch::nn::Conv2d conv2{nullptr};
  torch::nn::BatchNorm2d bn2{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(ConvNet);

class MeanTeacher {
public:
  MeanTeacher(ConvNet student, double decay) : student_(student), decay_(decay) {
    teacher_ = std::dynamic_pointer_cast<ConvNetImpl>(student_->clone());
  }

  void update() {
    torch::NoGradGuard noGrad;
    auto sParams = student_->parameters();
    auto tParams = teacher_->parameters();
    for (size_t i = 0; i < tParams.size(); ++i)
      tParams[i].mul_(decay_).add_(sParams[i], 1.0 - decay_);
    auto sBufs = student_->buffers();
    auto tBufs = teacher_->buffers();
    for (size_t i = 0; i < tBufs.size(); ++i)
      tBufs[i].mul_(decay_).add_(sBufs[i], 1.0 - decay_); // BUG
  }

  ConvNet teacher() const { return ConvNet(teacher_); }

private:
  ConvNet student_;
  std::shared_ptr<ConvNetImpl> teacher_;
  double decay_;
};

int main() {
  torch::manual_seed(6);
  ConvNet student;
  torch::optim::SGD opt(student->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
  MeanTeacher mt(student, 0.99);

  for (int step = 0; step < 3; ++step) {
    auto x = torch::randn({8, 3, 16, 16});
    auto y = torch::randint(0, 4, {8}, torch::kLong);
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(student->forward(x), y);
    loss.backward();
    opt.step();
    mt.update();
    std::cout << "step " << step << " loss " << loss.item<float>() << std::endl;
  }
  return 0;
}
